import type { Nodes, Root } from 'mdast'
import { directiveFromMarkdown } from 'mdast-util-directive'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal'
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote'
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough'
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table'
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item'
import { directive } from 'micromark-extension-directive'
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal'
import { gfmFootnote } from 'micromark-extension-gfm-footnote'
import { gfmTable } from 'micromark-extension-gfm-table'
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item'
import type { Extension } from 'micromark-util-types'
import type { Extension as MdastExtension } from 'mdast-util-from-markdown'
import { linearAttention } from './attention.js'
import { foreignDefinitions, splitPieces } from './blocks.js'
import { normalizeContainers } from './containers.js'
import { linearStrikethrough } from './strikethrough.js'
import { visit } from './visit.js'
import { vueComponentLines } from './vue-html-flow.js'

// Only the container form of directives (`:::tip`): text directives (`:name`) would turn
// ordinary prose such as "注意:abc" into directives.
const containersOnly: Extension = { flow: { 58: (directive().flow as Record<number, unknown[]>)[58][0] as never } }

/**
 * Autolink literals as micromark's tokenizer finds them, and no more. mdast-util's extension
 * also runs GitHub's second, transform-time search over every text of the tree, which links
 * what the syntax does not: an address after an escape (`foo\+@bar.com`), the mail address in
 * `xmpp:a@b.c/txt@bin.com`'s resource. micromark's HTML has neither, and the search is a pass of
 * four expressions over all the page's text.
 */
const literalAutolinksAsParsed: MdastExtension = { ...gfmAutolinkLiteralFromMarkdown(), transforms: [] }

/**
 * The GFM constructs (what micromark-extension-gfm bundles), each with the character it
 * cannot start without. A page that lacks the character cannot contain the construct, so the
 * extension is left out: same tree, less work (each extension costs on every character).
 */
const GFM: { test: (s: string) => boolean; syntax: Extension; mdast: MdastExtension | MdastExtension[] }[] = [
  { test: (s) => s.includes('|'), syntax: gfmTable(), mdast: gfmTableFromMarkdown() },
  { test: (s) => s.includes('[^'), syntax: gfmFootnote(), mdast: gfmFootnoteFromMarkdown() },
  { test: (s) => s.includes('~'), syntax: linearStrikethrough, mdast: gfmStrikethroughFromMarkdown() },
  { test: (s) => s.includes(']'), syntax: gfmTaskListItem(), mdast: gfmTaskListItemFromMarkdown() },
  { test: (s) => /www\.|https?:\/\/|@/i.test(s), syntax: gfmAutolinkLiteral(), mdast: literalAutolinksAsParsed },
]
const directiveMdast = directiveFromMarkdown()

/**
 * Built-in constructs replaced by our own ports, each for one reason; the trees are the same.
 *
 * | construct | replaced by | why |
 * |---|---|---|
 * | attention (`*`, `_`) | `attention.ts` | its resolver spliced the whole paragraph once per pair: quadratic in a long paragraph |
 * | GFM strikethrough (`~`) | `strikethrough.ts` (in the table above) | the same resolver, the same fault |
 *
 * Attention comes first in the list: micromark puts a later extension's `insideSpan` resolver
 * before an earlier one's, and strikethrough must resolve a span's content before attention,
 * as with the built-ins.
 */
const REPLACED: Extension[] = [linearAttention]

/** Markdown → mdast (GFM: tables, task lists, strikethrough, autolinks, footnotes; containers). */
export function parseMarkdown(source: string): Root {
  const text = normalizeContainers(source)
  const used = GFM.filter((g) => g.test(text))
  const extensions = [...REPLACED, ...used.map((g) => g.syntax)]
  if (text.includes('<')) extensions.push(vueComponentLines)
  const mdastExtensions = used.flatMap((g) => g.mdast)
  if (text.includes(':::')) {
    extensions.push(containersOnly)
    mdastExtensions.push(directiveMdast)
  }
  const pieces = splitPieces(text)
  if (pieces.length === 1) return fromMarkdown(text, { extensions, mdastExtensions })
  // Parsed piece by piece (see blocks.ts), with the same extensions as the whole page.
  const standIns = foreignDefinitions(pieces)
  const children = pieces.flatMap((piece, i) => {
    const tree = fromMarkdown(piece.text + standIns[i], { extensions, mdastExtensions })
    const own = tree.children.filter((node) => (node.position?.start.offset ?? 0) < piece.text.length)
    if (piece.offset) for (const node of own) shiftPosition(node, piece.line - 1, piece.offset)
    return own
  })
  const end = { line: text.split('\n').length, column: text.length - text.lastIndexOf('\n'), offset: text.length }
  return { type: 'root', children, position: { start: { line: 1, column: 1, offset: 0 }, end } }
}

function shiftPosition(tree: Nodes, lines: number, offset: number): void {
  visit(tree, (node) => {
    const p = node.position
    if (!p) return
    p.start = { ...p.start, line: p.start.line + lines, offset: (p.start.offset ?? 0) + offset }
    p.end = { ...p.end, line: p.end.line + lines, offset: (p.end.offset ?? 0) + offset }
  })
}
