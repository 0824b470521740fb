import type { Heading, Root } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { createSlugger } from '../../shared/slug.js'
import type { Header } from '../../shared/types.js'
import { slugSourceOf } from './emoji.js'
import { SKIP, visit } from './visit.js'

/** Give every heading a unique slug id (CJK kept); return the h2/h3 headers of the page (their titles with emoji, as the page shows them). */
export function slugHeadings(tree: Root): { headers: Header[]; slugs: Set<string> } {
  const slugger = createSlugger()
  const headers: Header[] = []
  const slugs = new Set<string>()
  visit(tree, 'heading', (h) => {
    const title = toString(h).trim()
    // Without the emoji that shortcodes became, as VuePress's anchors were (emoji.ts).
    const slug = slugger(slugSourceOf(h).trim())
    slugs.add(slug)
    h.data = { ...h.data, hProperties: { ...(h.data?.hProperties ?? {}), id: slug } }
    if (h.depth === 2 || h.depth === 3) headers.push({ level: h.depth, title, slug })
    return SKIP
  })
  return { headers, slugs }
}

/** A page's leading `# h1`, taken out of its body: the layout renders it as the page's title. */
export interface LeadingH1 {
  node: Heading
  /** Its text. */
  title: string
  /** Its slug (`slugHeadings` gave it one, first, as to every heading). */
  id: string
}

/** Take a leading `# title` out of the body (the layout renders the title). */
export function takeLeadingH1(tree: Root): LeadingH1 | undefined {
  const first = tree.children[0]
  if (first?.type !== 'heading' || first.depth !== 1) return undefined
  tree.children.shift()
  const id = (first.data?.hProperties as { id?: string } | undefined)?.id ?? ''
  return { node: first, title: toString(first).trim(), id }
}
