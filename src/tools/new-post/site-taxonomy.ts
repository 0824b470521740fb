import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseFrontmatter } from '../../render/content/frontmatter.js'
import { scanContent } from '../../render/content/scan-content.js'

export interface SiteTaxonomy {
  /** Tags used on the site, most used first. */
  tags: string[]
  categories: string[]
}

/** The tags and categories already used in `DIR/content/**\/*.md`, read from their frontmatter. */
export function readSiteTaxonomy(root: string): SiteTaxonomy {
  const contentDir = join(root, 'content')
  const tags = new Map<string, number>()
  const categories = new Map<string, number>()
  for (const rel of scanContent(contentDir).markdown) {
    try {
      const { frontmatter } = parseFrontmatter(readFileSync(join(contentDir, rel), 'utf8'), `content/${rel}`)
      for (const t of frontmatter.tags ?? []) tags.set(t, (tags.get(t) ?? 0) + 1)
      for (const c of frontmatter.categories ?? []) categories.set(c, (categories.get(c) ?? 0) + 1)
    } catch {
      // A page whose frontmatter cannot be read offers no tags; the build reports it.
    }
  }
  return { tags: byUse(tags), categories: byUse(categories) }
}

function byUse(counts: Map<string, number>): string[] {
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'zh-CN')).map(([name]) => name)
}
