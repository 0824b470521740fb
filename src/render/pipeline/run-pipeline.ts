import { inStage } from '../errors/index.js'
import type { StageDescriptor } from './stages.js'

export interface StageEvent {
  stage: string
  ms: number
  count?: number
  /** For parsePage: how many of `count` were parsed now (the rest came from the caches). */
  fresh?: number
}

type Keys<L> = L extends readonly (infer K)[] ? K : never
type Got<V, L> = Pick<V, Keys<L> & keyof V>
type EarlyOf<D> = D extends { early: { needs: infer N; makes: infer M } } ? { needs: N; makes: M } : never

/** The function of one stage: its values from the ones it needs (and, for an early part, the same again ahead of its place). */
export type StageFunction<V, D extends StageDescriptor> = {
  run(got: Got<V, D['needs']>): Got<V, D['makes']> | Promise<Got<V, D['makes']>>
  /** The stage event's count (and fresh) from what it made. */
  count?(made: Got<V, D['makes']>): Pick<StageEvent, 'count' | 'fresh'>
} & ([EarlyOf<D>] extends [never]
  ? unknown
  : {
      early(got: Got<V, EarlyOf<D>['needs']>): Got<V, EarlyOf<D>['makes']>
      /** The build failed before the stage ran: stop what the early part started. */
      abandon?(made: Got<V, EarlyOf<D>['makes']>): void
    })

export type StageFunctions<V, P extends readonly StageDescriptor[]> = { [D in P[number] as D['name']]: StageFunction<V, D> }

export interface PipelineHooks {
  onStage?: (event: StageEvent) => void
  /** Called after each stage (the memory trace). */
  after?: (stage: string) => void
}

/**
 * Runs the stages in their declared order and hands each the values it needs: a stage sees only
 * those, returns exactly what it makes (checked), and no stage changes another's values. An
 * early part starts as soon as its own needs are there; if the build fails before its stage
 * runs, its `abandon` stops it. Released values leave the hand-over after their stage.
 */
export async function runPipeline<V extends object, P extends readonly StageDescriptor[]>(pipeline: P, functions: StageFunctions<V, P>, hooks: PipelineHooks = {}): Promise<Partial<V>> {
  const values = new Map<string, unknown>()
  const fns = functions as unknown as Record<string, { run(got: object): unknown; count?(made: object): Pick<StageEvent, 'count' | 'fresh'>; early?(got: object): object; abandon?(made: object): void }>
  const pick = (keys: readonly string[], stage: string): object => {
    const got: Record<string, unknown> = {}
    for (const key of keys) {
      if (!values.has(key)) throw new Error(`pipeline: ${stage} needs ${key}, which no earlier stage made`)
      got[key] = values.get(key)
    }
    return got
  }
  const take = (made: object, keys: readonly string[], stage: string): void => {
    const extra = Object.keys(made).filter((k) => !keys.includes(k))
    const missing = keys.filter((k) => !(k in made))
    if (extra.length || missing.length) throw new Error(`pipeline: ${stage} made ${Object.keys(made).join(', ')}; it declares ${keys.join(', ')}`)
    for (const key of keys) values.set(key, (made as Record<string, unknown>)[key])
  }
  /** Early parts started and not yet run as their stage. */
  const pending = new Map<string, object>()
  const startEarly = (done: number): void => {
    for (const stage of pipeline.slice(done)) {
      if (!stage.early || pending.has(stage.name) || !stage.early.needs.every((k) => values.has(k))) continue
      const made = fns[stage.name].early!(pick(stage.early.needs, stage.name))
      pending.set(stage.name, made)
      take(made, stage.early.makes, stage.name)
    }
  }
  for (const [index, stage] of pipeline.entries()) {
    const start = performance.now()
    let made: object
    try {
      startEarly(index)
      pending.delete(stage.name)
      made = (await fns[stage.name].run(pick(stage.needs, stage.name))) as object
      take(made, stage.makes, stage.name)
    } catch (err) {
      for (const [name, early] of pending) fns[name].abandon?.(early)
      throw inStage(err, stage.name)
    }
    hooks.onStage?.({ stage: stage.name, ms: performance.now() - start, ...fns[stage.name].count?.(made) })
    for (const key of stage.releases ?? []) values.delete(key)
    hooks.after?.(stage.name)
  }
  return Object.fromEntries(values) as Partial<V>
}
