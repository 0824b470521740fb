import { checkSiteConfig } from '../shared/site-config.js'
import { withoutKeys } from './check-result.js'
import type { Finding } from './findings.js'
import { isObject } from './values.js'

/** `themeConfig.nav[2]["a b"].x` → ['themeConfig', 'nav', 2, 'a b', 'x']. */
export function keysOf(path: string): (string | number)[] {
  const keys: (string | number)[] = []
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)) keys.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(m[3]) as string)))
  return keys
}

function remove(config: Record<string, unknown>, keys: (string | number)[]): boolean {
  let at: unknown = config
  for (const key of keys.slice(0, -1)) at = isObject(at) || Array.isArray(at) ? (at as Record<string | number, unknown>)[key] : undefined
  const last = keys[keys.length - 1]
  if (Array.isArray(at) && typeof last === 'number' && last < at.length) at.splice(last, 1)
  else if (isObject(at) && typeof last === 'string' && last in at) delete at[last]
  else return false
  return true
}

/**
 * What gptnotes's schema refuses in the mapped config (a Valine option of a type gptnotes does not
 * take, say) is taken out and reported, so the written config always loads. Fields the running
 * gptnotes does not read (`unread`) are not checked.
 */
export function fitToSchema(config: Record<string, unknown>, unread: string[]): Finding[] {
  const dropped: Finding[] = []
  for (let round = 0; round < 50; round++) {
    const problems = checkSiteConfig(withoutKeys(config, unread))
    if (!problems.length) break
    const [first] = problems
    const keys = keysOf(first.path)
    // A required field that is missing: the object that lacks it goes.
    if (!keys.length || !(remove(config, keys) || (keys.length > 1 && remove(config, keys.slice(0, -1))))) {
      dropped.push({ kind: 'dropped', from: first.path || '(the config)', reason: `gptnotes refuses it: ${first.message}`, todo: 'fix it in gptnotes.config.ts' })
      break
    }
    dropped.push({ kind: 'dropped', from: first.path, reason: `gptnotes refuses the value: ${first.message}`, todo: 'set it as gptnotes takes it (see docs/reference/config.md)' })
  }
  return dropped
}
