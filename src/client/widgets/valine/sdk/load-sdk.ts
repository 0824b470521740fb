import { loadOnce } from '../../../lazy.js'
import type { AVStatic } from './types.js'

const loadBundled = loadOnce(async () => (await import('./leancloud-sdk.js')).default)

/**
 * The SDK widget A talks through: a page-provided `window.AV` of major version 3 or later (a
 * site that already loads the SDK), else the bundled one (`leancloud-sdk.ts`), loaded as a
 * chunk of its own. The original box loaded it from a CDN and discarded a major ≤ 2; nothing
 * here comes from a CDN.
 */
export async function loadSdk(): Promise<AVStatic> {
  const page = pageSdk(globalThis)
  if (page) return page
  return loadBundled()
}

/** The page's own `AV` when it is a usable SDK (major ≥ 3), else undefined. */
export function pageSdk(scope: object): AVStatic | undefined {
  const page = (scope as { AV?: AVStatic }).AV
  return page && majorOf(page.version) >= 3 ? page : undefined
}

/** `'4.15.2'` → 4; anything unreadable → 0 (discarded). */
export function majorOf(version: unknown): number {
  const major = typeof version === 'string' ? Number.parseInt(version, 10) : Number.NaN
  return Number.isFinite(major) ? major : 0
}
