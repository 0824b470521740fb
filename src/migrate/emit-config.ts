import { keyPath } from './findings.js'
import { isObject } from './values.js'

const WIDTH = 100

const quote = (s: string): string => (s.includes("'") && !s.includes('"') && !/[\\\n\u2028\u2029]/.test(s) ? `"${s}"` : single(s))
const single = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)}'`
const keyOf = (k: string): string => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : quote(k))

/** One line of a value when it has no comment inside and fits; else undefined. */
function inline(value: unknown, path: string, notes: ReadonlyMap<string, string>): string | undefined {
  if ([...notes.keys()].some((k) => k.startsWith(path) && k !== path)) return undefined
  if (typeof value === 'string') return quote(value)
  if (value === null || typeof value !== 'object') return String(value)
  const parts: string[] = []
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = inline(value[i], keyPath(path, i), notes)
      if (p === undefined) return undefined
      parts.push(p)
    }
    return `[${parts.join(', ')}]`
  }
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue
    const p = inline(v, keyPath(path, k), notes)
    if (p === undefined) return undefined
    parts.push(`${keyOf(k)}: ${p}`)
  }
  return parts.length ? `{ ${parts.join(', ')} }` : '{}'
}

function block(value: unknown, path: string, indent: string, room: number, notes: ReadonlyMap<string, string>): string {
  const one = inline(value, path, notes)
  if (one !== undefined && one.length <= room) return one
  const inner = indent + '  '
  const comment = (p: string) => (notes.has(p) ? notes.get(p)!.split('\n').map((l) => `${inner}// ${l}\n`).join('') : '')
  if (Array.isArray(value)) {
    const items = value.map((v, i) => `${comment(keyPath(path, i))}${inner}${block(v, keyPath(path, i), inner, WIDTH - inner.length - 1, notes)},`)
    return `[\n${items.join('\n')}\n${indent}]`
  }
  if (isObject(value)) {
    const fields = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => {
        const p = keyPath(path, k)
        const head = `${inner}${keyOf(k)}: `
        return `${comment(p)}${head}${block(v, p, inner, WIDTH - head.length - 1, notes)},`
      })
    return `{\n${fields.join('\n')}\n${indent}}`
  }
  return one ?? String(value)
}

/**
 * `gptnotes.config.ts` for a config as plain data: typed by `defineConfig`, two-space indents,
 * single quotes, values on one line when they fit in 100 columns, and a `//` comment above every
 * key path `notes` names (where the meaning changed from VuePress's).
 */
export function emitConfig(config: Record<string, unknown>, notes: ReadonlyMap<string, string>, header: string): string {
  const lines = header.split('\n').map((l) => `// ${l}`.trimEnd())
  return `import { defineConfig } from 'gptnotes'\n\n${lines.join('\n')}\nexport default defineConfig(${block(config, '', '', WIDTH, notes)})\n`
}
