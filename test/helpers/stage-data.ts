/**
 * Plain inputs for testing one build stage alone: pages parsed from in-memory markdown and the
 * default config with a few fields changed, without reading a site from disk.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../../src/render/config/load-config.js'
import { parsePage, type ParsedPage } from '../../src/render/content/parse-page.js'
import type { SiteConfig, ThemeConfig } from '../../src/shared/types.js'

/** Parse `{ 'handbook/a.md': '# A …' }` as the parsePage stage would. */
export function parsedPages(sources: Record<string, string>, base = '/gpt/'): ParsedPage[] {
  return Object.entries(sources).map(([relativePath, source]) => parsePage({ relativePath, source }, { base }))
}

/** The default config (as loadConfig resolves it for a site without a config file), with changes. */
export async function siteConfig(changes: Partial<Omit<SiteConfig, 'themeConfig'>> & { themeConfig?: Partial<ThemeConfig> } = {}): Promise<SiteConfig> {
  const root = mkdtempSync(join(tmpdir(), 'gptnotes-config-'))
  try {
    const { config } = await loadConfig(root)
    return { ...config, ...changes, themeConfig: { ...config.themeConfig, ...changes.themeConfig } } as SiteConfig
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/** Freeze a value deeply, so a stage that changes its input throws (ES modules run in strict mode). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of value instanceof Map ? [...value.keys(), ...value.values()] : Object.values(value)) deepFreeze(v)
  }
  return value
}
