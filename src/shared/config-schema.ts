/**
 * Typed schema combinators: one declaration gives a TypeScript type (`Infer`, `Input`), a check
 * that names the key path of every problem (`themeConfig.sidebar[2].path must be a string`) and
 * the defaults (`resolve`). Small on purpose: the site config needs no more, and a library would
 * word its messages its own way.
 */

/** One thing wrong with a value, at its key path. */
export interface Problem {
  path: string
  message: string
}

/**
 * What a refinement found in a value that passed `check`: a code of the build's error catalogue
 * (whose severity says whether it stops the build), its parameters, and the key path it is at
 * when it has one. Data, so a rule declared beside its schema needs nothing from the build.
 */
export interface Finding {
  code: string
  params: Record<string, unknown>
  path?: string
}

/**
 * A field the original also took as a function, which cannot leave the config's thread: the
 * loader calls it there with `args` (`CALL_PARENT` inside an argument object stands for the object
 * holding the field) and keeps the answer as a string.
 */
export interface CallSpec {
  args: readonly unknown[]
}

/** In a `CallSpec`'s argument object: the object that holds the called field. */
export const CALL_PARENT = '\u0000parent'
/** What the loader puts in place of a function it cannot evaluate (one beside a called field). */
export const UNEVALUATED_FUNCTION = '\u0000function'

export interface Schema<Out, In = Out> {
  /** The problems of `value`, each at a key path under `path`; none when it is valid. */
  check(value: unknown, path: string): Problem[]
  /** A value that passed `check`, with every default below it filled in. */
  resolve(value: unknown): Out
  /** Whether `value` has this schema's basic shape (string, array, object…): how `union` picks. */
  matches(value: unknown): boolean
  /** The value a left-out field takes; only schemas made by `withDefault` or all-optional `object`s have one. */
  readonly default?: Out
  /** Set by `optional`: the field may be left out and has no default. */
  readonly optional?: boolean
  /** Set by `ignored`: accepted and checked, never part of the resolved value. */
  readonly ignored?: boolean
  /** The refinements' findings in a value that passed `check` (the value as written). */
  findings?(value: unknown, path: string): Finding[]
  /** Set by `called`: the loader evaluates a function given here. */
  readonly call?: CallSpec
  /** The schemas inside, for walks over the declaration (`callSites`). */
  readonly shape?: Shape
  readonly item?: AnySchema
  readonly variants?: readonly AnySchema[]
  /** Carries the types only; never set at run time. */
  readonly '~types'?: { readonly output: Out; readonly input: In }
}

/** The type of a value after defaults are filled in. */
export type Infer<S> = S extends { readonly '~types'?: { readonly output: infer O } } ? O : never
/** The type a user writes: fields with a default may be left out. */
export type Input<S> = S extends { readonly '~types'?: { readonly input: infer I } } ? I : never

type AnySchema = Schema<any, any>
export type Shape = Record<string, AnySchema>
export type WithDefault<Out, In = Out> = Schema<Out, In> & { readonly default: Out }
export type Optional<Out, In = Out> = Schema<Out | undefined, In | undefined> & { readonly optional: true }
export type Ignored<In> = Schema<never, In | undefined> & { readonly optional: true; readonly ignored: true }

type Simplify<T> = { [K in keyof T]: T[K] } & {}
type LeftOut<S> = S extends { readonly default: unknown } ? true : S extends { readonly optional: true } ? true : false
type RequiredKeys<S extends Shape> = { [K in keyof S]: LeftOut<S[K]> extends true ? never : K }[keyof S]

export type ObjectOutput<S extends Shape> = Simplify<
  { readonly [K in keyof S as S[K] extends { readonly optional: true } ? never : K]: Infer<S[K]> } & {
    readonly [K in keyof S as S[K] extends { readonly ignored: true } ? never : S[K] extends { readonly optional: true } ? K : never]?: Infer<S[K]>
  }
>
export type ObjectInput<S extends Shape> = Simplify<
  { readonly [K in keyof S as LeftOut<S[K]> extends true ? never : K]: Input<S[K]> } & {
    readonly [K in keyof S as LeftOut<S[K]> extends true ? K : never]?: Input<S[K]>
  }
>
/** An object whose fields can all be left out has a default (every field's default). */
export type ObjectSchema<S extends Shape> = [RequiredKeys<S>] extends [never]
  ? WithDefault<ObjectOutput<S>, ObjectInput<S>> & { readonly shape: S }
  : Schema<ObjectOutput<S>, ObjectInput<S>> & { readonly shape: S }

const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`

/**
 * `Array.isArray` for read-only lists: its own guard (`any[]`) leaves a read-only list in the
 * `false` branch, so `string | readonly [a, b] | {…}` does not narrow.
 */
export const isList: (value: unknown) => value is readonly unknown[] = Array.isArray

const ok: Problem[] = []
const fail = (path: string, message: string): Problem[] => [{ path, message }]
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const same = <T>(v: unknown) => v as T

/** A leaf schema from a check: the value is kept as it is. */
export function custom<T>(check: (value: unknown, path: string) => Problem[], matches: (value: unknown) => boolean = () => true): Schema<T> {
  return { check, matches, resolve: same<T> }
}

export const string = custom<string>(
  (v, p) => (typeof v === 'string' ? ok : fail(p, `must be a string, got ${describe(v)}`)),
  (v) => typeof v === 'string',
)
export const number = custom<number>(
  (v, p) => (typeof v === 'number' && Number.isFinite(v) ? ok : fail(p, `must be a number, got ${describe(v)}`)),
  (v) => typeof v === 'number',
)
export const boolean = custom<boolean>(
  (v, p) => (typeof v === 'boolean' ? ok : fail(p, `must be true or false, got ${describe(v)}`)),
  (v) => typeof v === 'boolean',
)
/** Anything (a free-form bag of options handed on as it is). */
export const unknown = custom<unknown>(() => ok)

export function literal<const V extends readonly (string | number | boolean | null)[]>(...values: V): Schema<V[number]> {
  return custom<V[number]>(
    (v, p) => (values.includes(v as V[number]) ? ok : fail(p, `must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}, got ${describe(v)}`)),
    (v) => values.includes(v as V[number]),
  )
}

/** A field that may be left out; it then stays absent. */
export function optional<Out, In>(schema: Schema<Out, In>): Optional<Out, In> {
  // Left out stays left out, even for an object whose fields all have defaults.
  const { default: _filled, ...rest } = schema as Schema<Out, In> & { default?: unknown }
  return { ...rest, optional: true, resolve: (v) => (v === undefined ? undefined : schema.resolve(v)) }
}

/**
 * A field accepted (and checked) so a carried-over config builds, that the resolved value never
 * holds: an option that cannot apply here. A refinement may still warn about it.
 */
export function ignored<Out, In>(schema: Schema<Out, In>): Ignored<In> {
  return { ...optional(schema), ignored: true } as unknown as Ignored<In>
}

/**
 * The same check, with the resolved value turned into another (a normalised form). A default
 * below it is turned as well.
 */
export function map<Out, In, To>(schema: Schema<Out, In>, to: (value: Out) => To): Schema<To, In> {
  const mapped: Schema<To, In> = { ...(schema as Schema<unknown, In>), resolve: (v) => to(schema.resolve(v)) } as Schema<To, In>
  return 'default' in schema && schema.default !== undefined ? { ...mapped, default: deepFreeze(to(schema.default)) } : mapped
}

/**
 * A cross-field rule: `rule` looks at a value that passed `check` (as written, key path given)
 * and returns its findings, which `findings` of every schema around it collects.
 */
export function refine<S extends AnySchema>(schema: S, rule: (value: Input<S>, path: string) => Finding[]): S {
  const inner = schema.findings
  return { ...schema, findings: (v: unknown, p: string) => [...(inner ? inner(v, p) : []), ...rule(v as Input<S>, p)] }
}

/** A field the original also took as a function: see `CallSpec`. */
export function called<Out, In>(schema: Schema<Out, In>, ...args: readonly unknown[]): Schema<Out, In | ((...args: never[]) => unknown)> {
  return { ...schema, call: { args } } as Schema<Out, In | ((...args: never[]) => unknown)>
}

/** Every left-out-able version of an object's fields, without their defaults: a variant that gives only what differs. */
export function partial<const S extends Shape>(shape: S): ObjectSchema<{ [K in keyof S]: S[K] extends { readonly ignored: true } ? S[K] : Optional<Infer<S[K]>, Input<S[K]>> }> {
  return object(Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, s.optional ? s : optional(s)]))) as never
}

/** A variant over a resolved value: each field the variant gives replaces the base one whole. */
export function mergeVariant<T extends object>(base: T, variant: { readonly [K in keyof T]?: T[K] }): T {
  return { ...base, ...Object.fromEntries(Object.entries(variant).filter(([, v]) => v !== undefined)) }
}

/** Where a declaration has `called` fields, as key paths (`*`: any key of a record, any item of a list). */
export function callSites(schema: AnySchema, at: readonly string[] = []): { path: string[]; call: CallSpec }[] {
  if (schema.call) return [{ path: [...at], call: schema.call }]
  if (schema.shape) return Object.entries(schema.shape).flatMap(([k, s]) => callSites(s, [...at, k]))
  if (schema.item) return callSites(schema.item, [...at, '*'])
  if (schema.variants) return schema.variants.flatMap((s) => callSites(s, at))
  return []
}

/** A field that takes `value` when left out. The default is frozen: every resolved config shares it. */
export function withDefault<Out, In>(schema: Schema<Out, In>, value: NoInfer<Out>): WithDefault<Out, In> {
  return { ...schema, default: deepFreeze(value) }
}

export function array<Out, In>(item: Schema<Out, In>): Schema<readonly Out[], readonly In[]> {
  return {
    check: (v, p) => (Array.isArray(v) ? v.flatMap((x, i) => item.check(x, `${p}[${i}]`)) : fail(p, `must be an array, got ${describe(v)}`)),
    matches: Array.isArray,
    resolve: (v) => (v as unknown[]).map((x) => item.resolve(x)),
    findings: (v, p) => (item.findings ? (v as unknown[]).flatMap((x, i) => item.findings!(x, `${p}[${i}]`)) : []),
    item,
  }
}

/** An object of any keys (quoted in key paths: `locales["/en/"]`) with values of one schema. */
export function record<Out, In>(item: Schema<Out, In>): Schema<{ readonly [key: string]: Out }, { readonly [key: string]: In }> {
  return {
    check: (v, p) =>
      isObject(v) ? Object.entries(v).flatMap(([k, x]) => item.check(x, `${p}[${JSON.stringify(k)}]`)) : fail(p, `must be an object, got ${describe(v)}`),
    matches: isObject,
    resolve: (v) => Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, item.resolve(x)])),
    findings: (v, p) => (item.findings ? Object.entries(v as object).flatMap(([k, x]) => item.findings!(x, `${p}[${JSON.stringify(k)}]`)) : []),
    item,
  }
}

type TupleOf<S extends readonly AnySchema[], Key extends 'output' | 'input'> = S extends readonly [infer H, ...infer R extends readonly AnySchema[]]
  ? H extends { readonly optional: true }
    ? [Exclude<Key extends 'output' ? Infer<H> : Input<H>, undefined>?, ...TupleOf<R, Key>]
    : [Key extends 'output' ? Infer<H> : Input<H>, ...TupleOf<R, Key>]
  : []

/** A fixed list; trailing `optional` items may be left out. */
export function tuple<const S extends readonly AnySchema[]>(
  items: S,
  expected = `a list of ${items.length} items`,
): Schema<Readonly<TupleOf<S, 'output'>>, Readonly<TupleOf<S, 'input'>>> {
  const min = items.length - [...items].reverse().findIndex((s) => !s.optional)
  return {
    check: (v, p) => {
      if (!Array.isArray(v) || v.length < min || v.length > items.length) return fail(p, `must be ${expected}`)
      return items.flatMap((s, i) => (i < v.length ? s.check(v[i], `${p}[${i}]`) : ok))
    },
    matches: Array.isArray,
    resolve: (v) => (v as unknown[]).map((x, i) => items[i].resolve(x)) as never,
  }
}

/**
 * A strict object: an unknown key is a problem (it is usually a typo), and so is a left-out
 * field that is neither `optional` nor has a default. Left-out fields take their defaults.
 */
export function object<const S extends Shape>(shape: S): ObjectSchema<S> {
  const entries = Object.entries(shape)
  const schema: Schema<unknown> & { shape: S } = {
    shape,
    check(v, p) {
      if (!isObject(v)) return fail(p, `must be an object, got ${describe(v)}`)
      const problems: Problem[] = []
      const at = (k: string) => (p ? `${p}.${k}` : k)
      for (const [k, s] of entries) if (v[k] === undefined && !('default' in s) && !s.optional) problems.push({ path: at(k), message: 'is required' })
      for (const [k, x] of Object.entries(v)) {
        const s = Object.hasOwn(shape, k) ? shape[k] : undefined
        if (!s) problems.push({ path: at(k), message: `is not a known field (known: ${Object.keys(shape).join(', ')})` })
        else if (x !== undefined) problems.push(...s.check(x, at(k)))
      }
      return problems
    },
    matches: isObject,
    resolve(v) {
      const given = v as Record<string, unknown>
      const out: Record<string, unknown> = {}
      for (const [k, s] of entries) {
        if (s.ignored) continue
        if (given[k] !== undefined) out[k] = s.resolve(given[k])
        else if ('default' in s) out[k] = s.default
      }
      return out
    },
    findings(v, p) {
      const given = v as Record<string, unknown>
      return entries.flatMap(([k, s]) => (given[k] !== undefined && s.findings ? s.findings(given[k], p ? `${p}.${k}` : k) : []))
    },
  }
  const leftOut = entries.every(([, s]) => 'default' in s || s.optional)
  return (leftOut ? { ...schema, default: deepFreeze(schema.resolve({})) } : schema) as unknown as ObjectSchema<S>
}

/**
 * One of several schemas, chosen by the value's shape so the problem names the field, not the
 * union (`sidebar[2].path must be a string`). `pick` overrides the choice; by default the first
 * variant that `matches` the value. No variant: `must be <expected>`.
 */
export function union<const V extends readonly AnySchema[]>(
  expected: string,
  variants: V,
  pick: (value: unknown) => V[number] | undefined = (v) => variants.find((s) => s.matches(v)),
): Schema<Infer<V[number]>, Input<V[number]>> {
  return {
    check: (v, p) => pick(v)?.check(v, p) ?? fail(p, `must be ${expected}, got ${describe(v)}`),
    matches: (v) => variants.some((s) => s.matches(v)),
    resolve: (v) => pick(v)!.resolve(v),
    findings: (v, p) => pick(v)?.findings?.(v, p) ?? [],
    variants,
  }
}

/** A schema that refers to one declared later (a recursive list). */
export function lazy<Out, In = Out>(get: () => Schema<Out, In>): Schema<Out, In> {
  return {
    check: (v, p) => get().check(v, p),
    matches: (v) => get().matches(v),
    resolve: (v) => get().resolve(v),
  }
}

/** Freeze a value and everything in it, so a shared default or a resolved config cannot be changed. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}
