import { readdirSync } from 'node:fs'
import { join } from 'node:path'

export interface ContentFiles {
  /** Markdown files relative to `content/` (`handbook/a.md`), sorted. */
  markdown: string[]
  /** Every other file, copied to the output at the same path (`public/` goes to the root). */
  assets: string[]
}

/** The scanContent stage: list the files of `content/` (dot-files and node_modules skipped). */
export function scanContent(contentDir: string): ContentFiles {
  const markdown: string[] = []
  const assets: string[] = []
  const walk = (dir: string, rel: string) => {
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && rel === '') return
      throw err
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue
      const r = rel ? `${rel}/${e.name}` : e.name
      if (e.isDirectory()) walk(join(dir, e.name), r)
      else if (e.name.endsWith('.md')) markdown.push(r)
      else assets.push(r)
    }
  }
  walk(contentDir, '')
  return { markdown: markdown.sort(), assets: assets.sort() }
}

/** Where an asset of `content/` lands in the output: `public/x` at the root, others in place. */
export function assetOutputPath(relativePath: string): string {
  return relativePath.startsWith('public/') ? relativePath.slice('public/'.length) : relativePath
}
