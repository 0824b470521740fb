import type { Nodes, Parents, Root } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { decodeEntities } from '../../shared/escape.js'
import { containerKind, DEFAULT_LANG, defaultTitle } from './containers.js'
import { isDirectiveLabel, visitRendered } from './footnotes.js'
import { isTocNode } from './toc.js'
import { SKIP } from './visit.js'

/** Nodes that render as blocks: a space before each keeps neighbours apart ("标题 正文"). */
const BLOCKS = new Set<Nodes['type']>([
  'paragraph',
  'heading',
  'blockquote',
  'list',
  'listItem',
  'table',
  'tableRow',
  'tableCell',
  'containerDirective',
  'footnoteDefinition',
  'thematicBreak',
  'break',
])

/** Parents whose raw HTML children are blocks of their own, not part of a line of text. */
const FLOW_PARENTS = new Set<Nodes['type']>(['root', 'blockquote', 'listItem', 'containerDirective', 'footnoteDefinition'])

/** Block-level tags inside raw HTML an author wrote: they end a block like markdown blocks do. */
const HTML_BLOCK_RE = /<\/?(?:p|div|li|ul|ol|h[1-6]|tr|td|th|table|thead|tbody|blockquote|section|details|summary|dt|dd|dl|figure|figcaption|hr|br)\b[^>]*>/gi

/** The words of a raw HTML fragment from the markdown source (no scripts, styles or comments). */
function htmlFragmentText(html: string): string {
  const shown = html.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<!--[\s\S]*?-->/g, ' ')
  return decodeEntities(shown.replace(HTML_BLOCK_RE, ' ').replace(/<[^>]*>/g, ''))
}

/**
 * The readable text of a page body, for search: blocks apart, whitespace collapsed; code
 * blocks, the `[[toc]]` list, images and footnote numbers left out. Footnotes come last, as on
 * the page. Taken from the tree, so nothing of the rendered HTML has to be read back. A
 * container's title is its default title in the page's `lang` when the author gave none.
 */
export function pageText(tree: Root, lang = DEFAULT_LANG): string {
  const parts: string[] = []
  visitRendered(tree, (node, parent: Parents | undefined) => {
    if (BLOCKS.has(node.type)) parts.push(' ')
    switch (node.type) {
      case 'text':
      case 'inlineCode':
        parts.push(node.value)
        return
      case 'html':
        if (isTocNode(node)) return
        parts.push(parent && FLOW_PARENTS.has(parent.type) ? ` ${htmlFragmentText(node.value)} ` : htmlFragmentText(node.value))
        return
      case 'containerDirective': {
        const first = node.children[0]
        parts.push(first && isDirectiveLabel(first) ? toString(first) : defaultTitle(containerKind(node.name)?.title, lang), ' ')
        return
      }
      case 'code':
      case 'yaml':
      case 'definition':
        return SKIP
    }
  })
  return parts.join('').replace(/\s+/g, ' ').trim()
}
