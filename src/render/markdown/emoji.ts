import type { Nodes, Parents, Root, Text } from 'mdast'
import EMOJI from 'markdown-it-emoji/lib/data/full.mjs'

// Emoji shortcodes as VuePress 1 reads them (markdown-it-emoji's full list): `:tada:` → 🎉 in
// the body's text, headings and page titles. Only known names are replaced; `:not-an-emoji:`
// and times like `10:30:00` stay as written.

/** A shortcode's shape; whether it is one is the table's to say. */
const SHORTCODE = /:([a-z0-9_+-]+):/g
const MAYBE = /:[a-z0-9_+-]+:/

/** Whether `text` may hold a shortcode: the cheap test that lets a page without one skip the pass. */
export const mayHaveEmoji = (text: string): boolean => MAYBE.test(text)

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'

/**
 * `text` with each known shortcode replaced by `by(emoji)`. The two numeric names (`:100:`,
 * `:1234:`) are left alone with a digit on either side, where they are part of a number
 * (`1:100:5`) rather than a shortcode.
 */
function replaceShortcodes(text: string, by: (emoji: string) => string): string {
  if (!text.includes(':')) return text
  let out = ''
  let last = 0
  SHORTCODE.lastIndex = 0
  for (let m = SHORTCODE.exec(text); m; m = SHORTCODE.exec(text)) {
    const name = m[1]
    const emoji = Object.hasOwn(EMOJI, name) ? EMOJI[name] : undefined
    const numeric = emoji !== undefined && isDigit(name[0]) && (isDigit(text[m.index - 1]) || isDigit(text[m.index + m[0].length]))
    if (emoji === undefined || numeric) {
      // Its closing colon may open the next shortcode (`:x:tada:`).
      SHORTCODE.lastIndex = m.index + m[0].length - 1
      continue
    }
    out += text.slice(last, m.index) + by(emoji)
    last = m.index + m[0].length
  }
  return last ? out + text.slice(last) : text
}

/** `text` with its known shortcodes as emoji (titles from frontmatter and headings). */
export const emojify = (text: string): string => replaceShortcodes(text, (emoji) => emoji)

/** The data an emoji pass leaves on a heading's text: the text as VuePress's anchors read it. */
interface SlugData {
  /** The text without the shortcodes it held (see `slugSourceOf`). */
  slugValue?: string
}

/**
 * Replace the shortcodes in the tree's text. Not in code or inline code (they hold no text
 * nodes), raw HTML, a link whose text is its address (an autolink, as markdown-it-emoji skips
 * them), image descriptions, or anything inside `::: v-pre`. In a heading, the text as it was
 * without the shortcodes is kept for its slug: VuePress's anchor plugin read only the text
 * tokens, which the emoji had been taken out of, so `## :tada: 发布` had the id `发布`.
 */
export function replaceEmoji(tree: Root): void {
  const walk = (node: Nodes, inHeading: boolean): void => {
    if (node.type === 'text') {
      const value = emojify(node.value)
      if (value === node.value) return
      if (inHeading) node.data = { ...node.data, slugValue: replaceShortcodes(node.value, () => '') } as Text['data'] & SlugData
      node.value = value
      return
    }
    if (!('children' in node) || skipped(node)) return
    const heading = inHeading || node.type === 'heading'
    for (const child of (node as Parents).children) walk(child, heading)
  }
  walk(tree, false)
}

function skipped(node: Parents): boolean {
  switch (node.type) {
    case 'containerDirective':
      return node.name === 'v-pre'
    case 'link':
      return node.children.length === 1 && node.children[0].type === 'text' && (node.children[0].value === node.url || `mailto:${node.children[0].value}` === node.url)
    default:
      return false
  }
}

/**
 * The text a heading's slug is made from: its text as `toString` gives it, but with the
 * shortcodes the emoji pass replaced left out (see `replaceEmoji`).
 */
export function slugSourceOf(node: Nodes): string {
  if (node.type === 'text') return (node.data as SlugData | undefined)?.slugValue ?? node.value
  if ('value' in node) return node.value
  if (node.type === 'image') return node.alt ?? ''
  if ('children' in node) return (node.children as Nodes[]).map(slugSourceOf).join('')
  return ''
}
