import type { Nodes, Root } from 'mdast'

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
    const chars = [...text]
    if (chars.length <= max) return text
    const head = chars.slice(0, max).join('')
    let cut = -1
    for (const m of head.matchAll(SENTENCE_END)) cut = m.index + m[0].length
    return cut >= head.length / 2 ? head.slice(0, cut) : chars.slice(0, max - 1).join('') + '…'
  }
  return undefined
}
