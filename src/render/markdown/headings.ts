import type { Heading, Nodes, PhrasingContent, Root } from 'mdast'
import { badgeOf, type HeaderBadge } from '../../shared/badge.js'
import { decodeEntities } from '../../shared/escape.js'
import { createSlugger } from '../../shared/slug.js'
import type { Header } from '../../shared/types.js'
import { slugSourceOf } from './emoji.js'
import { SKIP, visit } from './visit.js'
import { componentNameOf, tagsOf } from './vue-tags.js'

/**
 * A heading as VuePress reads it. The slug is made from its text with raw HTML left out, as
 * markdown-it-anchor takes only the text tokens, so `## API <Badge text="beta"/>` keeps the
 * anchor `#api` (the text between `<Badge>` and `</Badge>` is a text token and counts). The
 * title (the sidebar's, the page's) has neither markup nor badges; the badges come apart.
 */
export function headingParts(heading: { children: PhrasingContent[] }): { slugText: string; title: string; badges: HeaderBadge[] } {
  let slugText = ''
  let title = ''
  const badges: HeaderBadge[] = []
  // The badge whose children are being read; `fixed` when its `text` attribute wins over them (as in Vue).
  let open: { badge: HeaderBadge; fixed: boolean } | undefined
  const add = (value: string, slugValue = value) => {
    slugText += slugValue
    if (!open) title += value
    else if (!open.fixed) open.badge.text += value
  }
  const walk = (node: Nodes): void => {
    // A text's slug leaves out the shortcodes the emoji pass replaced, as VuePress's anchors did (emoji.ts).
    if (node.type === 'text') return add(node.value, slugSourceOf(node))
    if (node.type === 'inlineCode') return add(node.value)
    if (node.type === 'image') return add(node.alt ?? '')
    if (node.type === 'html') {
      for (const tag of tagsOf(node.value)) {
        if (componentNameOf(tag.name) !== 'badge') continue
        if (tag.closing) {
          if (open) open.badge.text = open.badge.text.trim()
          open = undefined
          continue
        }
        const text = tag.attrs.text !== undefined ? decodeEntities(tag.attrs.text) : ''
        const badge = badgeOf(text, tag.attrs.type, tag.attrs.vertical)
        badges.push(badge)
        if (!tag.selfClosing) open = { badge, fixed: tag.attrs.text !== undefined }
      }
      return
    }
    if ('children' in node) for (const child of node.children) walk(child)
  }
  for (const child of heading.children) walk(child)
  return { slugText: slugText.trim(), title: title.trim().replace(/\s+/g, ' '), badges: badges.filter((b) => b.text !== '') }
}

/**
 * Headings' text as written, before `{{ }}` was filled in: VuePress made the anchor from that
 * (markdown-it ran before Vue), so `## {{ $frontmatter.title }}` keeps its `#frontmatter-title`.
 */
const writtenSlugText = new WeakMap<Heading, string>()

/** Keep the heading's slug text as it stands now (called before its `{{ }}` are filled in). */
export function keepWrittenSlugText(heading: Heading): void {
  writtenSlugText.set(heading, headingParts(heading).slugText)
}

/** Give every heading a unique slug id (CJK kept); return the h2/h3 headers of the page (their titles with emoji, as the page shows them). */
export function slugHeadings(tree: Root): { headers: Header[]; slugs: Set<string> } {
  const slugger = createSlugger()
  const headers: Header[] = []
  const slugs = new Set<string>()
  visit(tree, 'heading', (h) => {
    const { slugText, title, badges } = headingParts(h)
    const slug = slugger(writtenSlugText.get(h) ?? slugText)
    slugs.add(slug)
    h.data = { ...h.data, hProperties: { ...(h.data?.hProperties ?? {}), id: slug } }
    if (h.depth === 2 || h.depth === 3) headers.push(badges.length ? { level: h.depth, title, slug, badges } : { level: h.depth, title, slug })
    return SKIP
  })
  return { headers, slugs }
}

/** A page's leading `# h1`, taken out of its body: the layout renders it as the page's title. */
export interface LeadingH1 {
  node: Heading
  /** Its text, without markup or badges. */
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
  return { node: first, title: headingParts(first).title, id }
}
