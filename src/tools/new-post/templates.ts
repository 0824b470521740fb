import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseFrontmatter } from '../../render/content/frontmatter.js'
import { PACKAGE_ROOT } from '../../render/package-root.js'

/** A page template from `templates/<name>.md`: a markdown body with `{{placeholders}}`. */
export interface PostTemplate {
  name: string
  /** What the chooser shows (the template's `label:`), or the name. */
  label: string
  /** Default description (the template's `description:`), with placeholders. */
  description?: string
  body: string
  file: string
}

export const DEFAULT_TEMPLATE = 'tutorial'

/**
 * The templates shipped with gptnotes (`templates/` of the package), overridden or extended by
 * the site's own `DIR/templates/*.md`. `tutorial` comes first (the default), then by name.
 */
export function loadTemplates(root: string): PostTemplate[] {
  const byName = new Map<string, PostTemplate>()
  for (const dir of [join(PACKAGE_ROOT, 'templates'), join(root, 'templates')]) {
    if (!existsSync(dir)) continue
    for (const entry of readdirSync(dir).filter((f) => f.endsWith('.md')).sort()) {
      const file = join(dir, entry)
      byName.set(entry.slice(0, -3), readTemplate(entry.slice(0, -3), file))
    }
  }
  return [...byName.values()].sort((a, b) => Number(b.name === DEFAULT_TEMPLATE) - Number(a.name === DEFAULT_TEMPLATE) || a.name.localeCompare(b.name))
}

function readTemplate(name: string, file: string): PostTemplate {
  const { frontmatter, body } = parseFrontmatter(readFileSync(file, 'utf8'), file)
  return {
    name,
    label: typeof frontmatter.label === 'string' ? frontmatter.label : name,
    description: frontmatter.description,
    body: body.replace(/^\s*\n/, ''),
    file,
  }
}

/** Replace `{{key}}` by its value; unknown placeholders stay for the author to see. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key] : whole))
}
