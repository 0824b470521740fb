/**
 * The part of the `leancloud-storage` 4.x SDK that widget A uses. Typed here, narrowly, so the
 * widget depends on the calls it makes and not on how the SDK is packaged.
 */

export interface AVObject {
  id?: string
  createdAt?: Date
  get(key: string): unknown
  set(key: string, value: unknown): this
  save(attrs?: null, options?: { fetchWhenSave?: boolean }): Promise<this>
  increment(key: string, amount?: number): this
  toJSON(): Record<string, unknown>
}

export interface AVQuery {
  equalTo(key: string, value: unknown): this
  containedIn(key: string, values: unknown[]): this
  doesNotExist(key: string): this
  descending(key: string): this
  ascending(key: string): this
  limit(n: number): this
  skip(n: number): this
  select(...keys: string[]): this
  find(): Promise<AVObject[]>
  first(): Promise<AVObject | undefined>
  count(): Promise<number>
}

export interface AVQueryStatic {
  new (className: string): AVQuery
  or(...queries: AVQuery[]): AVQuery
  and(...queries: AVQuery[]): AVQuery
}

export interface AVStatic {
  version: string
  init(options: { appId: string; appKey: string; serverURLs?: string | Record<string, string>; disableCurrentUser?: boolean }): void
  Object: { extend(className: string): new () => AVObject }
  Query: AVQueryStatic
  /** Set once `init` ran (the SDK's own flag). */
  applicationId?: string
}
