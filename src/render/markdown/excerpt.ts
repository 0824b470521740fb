import type { Nodes, Paragraph, PhrasingContent, Root, RootContent } from 'mdast'
import { isTocNode } from './toc.js'
import { visit } from './visit.js'

/** About what search results show of a Chinese description; longer ones are cut. */
export const EXCERPT_MAX = 120

/** A Chinese full stop, exclamation or question mark (with the closing quotes after it), or a Latin one before a space. */
const SENTENCE_END = /[。！？][”’」』）)]*|[.!?](?=\s)/g

/** What a reader reads of inline content: text, code and link text; no images, raw HTML or footnote marks. */
function textOf(node: Nodes): string {
  if (node.type === 'break') return ' '
  if (node.type === 'html' || node.type === 'image' || node.type === 'imageReference') return ''
  if ('children' in node) return (node.children as Nodes[]).map(textOf).join('')
  return 'value' in node ? node.value : ''
}

/**
 * A page's description when its frontmatter gives none, as Docusaurus makes one: the text of
 * its first top-level paragraph (inline code and link text kept; images and raw HTML left out), whitespace
 * collapsed; a longer one is cut after the last sentence end within `max` characters, or at
 * `max` with an ellipsis when no sentence ends in its second half.
 */
export function excerptOf(tree: Root, max = EXCERPT_MAX): string | undefined {
  for (const node of tree.children) {
    if (node.type !== 'paragraph') continue
    const text = textOf(node).replace(/\s+/g, ' ').trim()
    if (!text) continue
    return cut(text, max)
  }
  return undefined
}

/** VuePress's excerpt separator (gray-matter's `excerpt_separator`), exactly as it writes it. */
export const MORE_MARKER = '<!-- more -->'

const isMore = (node: Nodes): boolean => node.type === 'html' && node.value.trim() === MORE_MARKER

/**
 * The top-level blocks before the page's `<!-- more -->` (a paragraph that holds the marker is
 * cut at it), cloned; undefined when the page has no marker or nothing comes before it.
 */
function blocksBeforeMore(tree: Root): RootContent[] | undefined {
  for (let i = 0; i < tree.children.length; i++) {
    const node = tree.children[i]
    if (isMore(node)) return i ? structuredClone(tree.children.slice(0, i).filter((n) => !isTocNode(n))) : undefined
    if (node.type === 'paragraph') {
      const at = node.children.findIndex(isMore)
      if (at < 0) continue
      const head: Paragraph = { ...node, children: node.children.slice(0, at) }
      const before = [...tree.children.slice(0, i).filter((n) => !isTocNode(n)), ...(head.children.length ? [head] : [])]
      return before.length ? structuredClone(before) : undefined
    }
  }
  return undefined
}

/**
 * What a list shows of a page that marks its excerpt with `<!-- more -->`, as VuePress's
 * `$page.excerpt`: the part before the marker, made fit to stand in a list of posts.
 * Headings become bold paragraphs (a list's posts are its headings; no ids repeated on a page of
 * posts), footnote marks and definitions are left out (their notes are not in the list), a
 * `[[toc]]` too, and `#hash` links are made to point into the page (`pageUrl`, base included).
 * Returns the blocks to write as HTML and their text (a page's description when its frontmatter
 * gives none); undefined without a marker.
 */
export function moreExcerpt(tree: Root, pageUrl: string, max = EXCERPT_MAX): { blocks: Root; text: string } | undefined {
  const before = blocksBeforeMore(tree)
  if (!before) return undefined
  const root: Root = { type: 'root', children: before.filter((n) => n.type !== 'footnoteDefinition' && n.type !== 'definition') }
  // Every definition of the page (they write nothing): reference links and images in the
  // excerpt resolve through them wherever the page defines them.
  root.children.push(...structuredClone(tree.children.filter((n) => n.type === 'definition')))
  visit(root, (node) => {
    if (node.type === 'link' && node.url.startsWith('#')) node.url = pageUrl + node.url
    if ('children' in node) {
      const parent = node as { children: Nodes[] }
      parent.children = parent.children.filter((c) => c.type !== 'footnoteReference')
      parent.children = parent.children.map((c) => (c.type === 'heading' ? ({ type: 'paragraph', position: c.position, children: [{ type: 'strong', children: c.children as PhrasingContent[] }] } as Paragraph) : c))
    }
  })
  const text = cut(root.children.map(textOf).filter(Boolean).join(' ').replace(/\s+/g, ' ').trim(), max)
  return { blocks: root, text }
}

/** The text cut as `excerptOf` cuts a paragraph. */
function cut(text: string, max: number): string {
  const chars = [...text]
  if (chars.length <= max) return text
  const head = chars.slice(0, max).join('')
  let end = -1
  for (const m of head.matchAll(SENTENCE_END)) end = m.index + m[0].length
  return end >= head.length / 2 ? head.slice(0, end) : chars.slice(0, max - 1).join('') + '…'
}
