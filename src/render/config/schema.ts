/**
 * A small validator for the site config: each check returns the problems it found with the
 * key path where they are (`themeConfig.sidebar[2].path`), so the message points at the field.
 */
export interface Problem {
  path: string
  message: string
}

export type Check = (value: unknown, path: string) => Problem[]

const describe = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`

const ok: Problem[] = []
const fail = (path: string, message: string): Problem[] => [{ path, message }]

export const string: Check = (v, p) => (typeof v === 'string' ? ok : fail(p, `must be a string, got ${describe(v)}`))
export const number: Check = (v, p) =>
  typeof v === 'number' && Number.isFinite(v) ? ok : fail(p, `must be a number, got ${describe(v)}`)
export const boolean: Check = (v, p) => (typeof v === 'boolean' ? ok : fail(p, `must be true or false, got ${describe(v)}`))

export function literal(...values: unknown[]): Check {
  return (v, p) => (values.includes(v) ? ok : fail(p, `must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}, got ${describe(v)}`))
}

export function arrayOf(item: Check): Check {
  return (v, p) => {
    if (!Array.isArray(v)) return fail(p, `must be an array, got ${describe(v)}`)
    return v.flatMap((x, i) => item(x, `${p}[${i}]`))
  }
}

export function recordOf(item: Check): Check {
  return (v, p) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(p, `must be an object, got ${describe(v)}`)
    return Object.entries(v).flatMap(([k, x]) => item(x, `${p}[${JSON.stringify(k)}]`))
  }
}

/** A strict object: unknown keys are errors (they are usually typos). */
export function object(shape: Record<string, Check>, { required = [] as string[], open = false } = {}): Check {
  return (v, p) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(p, `must be an object, got ${describe(v)}`)
    const problems: Problem[] = []
    const at = (k: string) => (p ? `${p}.${k}` : k)
    for (const k of required) if ((v as Record<string, unknown>)[k] === undefined) problems.push({ path: at(k), message: 'is required' })
    for (const [k, x] of Object.entries(v)) {
      const check = shape[k]
      if (check) {
        if (x !== undefined) problems.push(...check(x, at(k)))
      } else if (!open) {
        problems.push({ path: at(k), message: `is not a known field (known: ${Object.keys(shape).join(', ')})` })
      }
    }
    return problems
  }
}

/** Picks the check by the value's shape, so the error names the field, not the union. */
export function oneOf(describeExpected: string, pick: (v: unknown) => Check | undefined): Check {
  return (v, p) => {
    const check = pick(v)
    return check ? check(v, p) : fail(p, `must be ${describeExpected}, got ${describe(v)}`)
  }
}

export function tuple(...items: Check[]): Check {
  return (v, p) => {
    if (!Array.isArray(v) || v.length !== items.length) return fail(p, `must be a list of ${items.length} items`)
    return items.flatMap((c, i) => c(v[i], `${p}[${i}]`))
  }
}
