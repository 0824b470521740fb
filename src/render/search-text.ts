import { decodeEntities } from '../shared/escape.js'

/**
 * The searchable text of a rendered page body, made from its HTML so blocks stay apart
 * ("标题 正文", not "标题正文") for word matching and readable excerpts.
 */

/** Parts of the body that are not prose: code blocks, the `[[toc]]` list, heading anchors, footnote back-links. */
const SKIP_RE = [
  /<pre\b[\s\S]*?<\/pre>/g,
  /<nav class="table-of-contents"[\s\S]*?<\/nav>/g,
  /<a class="header-anchor"[^>]*>[\s\S]*?<\/a>/g,
  /<a [^>]*data-footnote-backref[^>]*>[\s\S]*?<\/a>/g,
  /<h2 class="sr-only"[^>]*>[\s\S]*?<\/h2>/g,
  /<(script|style|template)\b[\s\S]*?<\/\1>/gi,
  /<!--[\s\S]*?-->/g,
]
/** Tags that end a block: replaced by a space so neighbouring blocks do not run together. */
const BLOCK_RE = /<\/?(?:p|div|li|ul|ol|h[1-6]|tr|td|th|table|thead|tbody|blockquote|section|details|summary|dt|dd|dl|figure|figcaption|hr|br)\b[^>]*>/gi
const TAG_RE = /<[^>]*>/g

/** Plain text of a body's HTML, whitespace collapsed, code blocks left out. */
export function searchText(html: string): string {
  let text = html
  for (const re of SKIP_RE) text = text.replace(re, ' ')
  text = text.replace(BLOCK_RE, ' ').replace(TAG_RE, '')
  return decodeEntities(text).replace(/\s+/g, ' ').trim()
}

/** Cut text to at most `max` characters, at a space when one is near, never inside a surrogate pair. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text
  let end = max
  const space = text.lastIndexOf(' ', max)
  if (space > max - 20) end = space
  if (/[\uD800-\uDBFF]/.test(text[end - 1])) end--
  return text.slice(0, end)
}
