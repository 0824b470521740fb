import type { LocaleLangs } from '../../shared/page-lang.js'
import type { PageBlockOptions } from '../markdown/page-blocks.js'

// The parse's options and their key, apart from the parse itself: the caches and the thread
// pool compare options without loading the parser's modules.

export interface ParseOptions {
  base: string
  /**
   * The `content/` folder, to read image sizes and imported code (`<<< @/file`); without it
   * images get no width/height and `<<<` lines stay text.
   */
  contentDir?: string
  /** The site's `lang`: the language of a page under no locale (containers' default titles). Default `zh-CN`. */
  lang?: string
  /** Each `locales` prefix's `lang` (see `localeLangs`): a page takes that of the longest prefix of its path. */
  localeLangs?: LocaleLangs
  /** The site's time zone (IANA name), which frontmatter dates without an offset are on. Default `Asia/Shanghai`. */
  timeZone?: string
  /** Number the lines of every code block (the site's `markdown.lineNumbers`). */
  lineNumbers?: boolean
  /**
   * `themeConfig.keyPage.keys` as key material (lowercase MD5 hex, `siteKeysOf`): every page
   * without its own `keys` is locked by them (lock-page.ts). Absent or empty: no site-wide key.
   */
  siteKeys?: string[]
  /** The site's title and description, which `{{ $site.title }}` and `{{ $site.description }}` show. */
  site?: { title: string; description: string }
  /** The config's `markdown` settings the parse reads: whether a page's own `<script>`/`<style>` blocks are kept. */
  markdown?: PageBlockOptions
}

/**
 * What of the options the parsed pages depend on, as one string: the parse cache is kept per
 * value (a change of base, of a locale's language or of the site's title parses the pages anew). Everything but
 * `contentDir`, which only says where the same files are read from.
 */
export function parseOptionsKey({ contentDir: _, ...options }: ParseOptions): string {
  const sorted = (value: unknown): unknown =>
    value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, sorted(v)])) : value
  return JSON.stringify(sorted(options))
}
