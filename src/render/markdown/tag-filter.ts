import type { Root } from 'mdast'
import { visit } from './visit.js'

/*
 * GFM's tag filter, for the tags a page never wants as raw HTML: each swallows what follows it
 * as text, to its end tag or the end of the page (`<plaintext>` forever), so one written in prose
 * (`在 <title> 里写标题`) hides the rest of the article. Their `<` is written as `&lt;`, as
 * micromark-extension-gfm-tagfilter does. GFM also filters `<iframe>`, `<script>` and `<style>`:
 * the site lets those through (embedded players; a page's own script and style blocks), see
 * docs/markdown-conformance.md.
 */

const NAMES = 'noembed|noframes|plaintext|textarea|title|xmp'

/**
 * A filtered tag's opening or end, as micromark matches it: in a line of an HTML block, anywhere
 * (`g`); in inline HTML, which is one tag a node, at its start only. A name is followed by
 * whitespace, `/` or `>` within the same line (micromark's data ends at a line ending).
 */
const IN_BLOCK = new RegExp(`<(/?(?:${NAMES}))(?=[\\t\\f />])`, 'gi')
const INLINE = new RegExp(`^<(/?(?:${NAMES}))(?=[\\t\\f />])`, 'i')

/** Whether `source` may hold a filtered tag: the pages that do not are not walked. */
const MENTIONS = new RegExp(`<\\/?(?:${NAMES})`, 'i')
export const mayHoldFilteredTags = (source: string): boolean => MENTIONS.test(source)

/** Blocks whose raw HTML children are HTML blocks; inside any other node an `html` is inline. */
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition', 'containerDirective'])

export function filterTags(tree: Root): void {
  visit(tree, 'html', (node, parent) => {
    node.value = node.value.replace(parent && !FLOW_PARENTS.has(parent.type) ? INLINE : IN_BLOCK, '&lt;$1')
  })
}
