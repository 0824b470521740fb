import type { Element, ElementContent } from 'hast'
import { toHtml } from 'hast-util-to-html'
import type { Code, Definition, Heading, Root } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'
import { defaultHandlers, toHast, type State } from 'mdast-util-to-hast'
import { HEADER_ANCHOR_CLASS } from '../../shared/markup.js'
import { codeLinesOf } from './code-lines.js'
import { DEFAULT_LANG } from './containers.js'
import { codeBlock } from './highlight.js'
import { containerElement, firstScreenImage, imageProperties, taskName } from './site-elements.js'
import { visit } from './visit.js'
import { Unwritable, writeHtml } from './write-html.js'

/** `::: NAME [title]` blocks (site-elements.ts), with default titles in the page's language. */
const container = (lang: string) => (state: State, node: ContainerDirective): Element =>
  containerElement(node, (children) => state.all({ type: 'root', children } as Root) as ElementContent[], lang)

function code(_state: State, node: Code): Element {
  return codeBlock(node.value, (node.lang ?? '').toLowerCase(), codeLinesOf(node))
}

function heading(state: State, node: import('mdast').Heading): Element {
  const id = (node.data?.hProperties as { id?: string } | undefined)?.id
  const children = state.all(node) as ElementContent[]
  if (id && node.depth > 1) {
    children.unshift({
      type: 'element',
      tagName: 'a',
      properties: { className: [HEADER_ANCHOR_CLASS], href: `#${id}`, ariaHidden: 'true', tabIndex: -1 },
      children: [{ type: 'text', value: '#' }],
    })
  }
  return { type: 'element', tagName: `h${node.depth}`, properties: { id }, children }
}

function imageHandler(eager: import('mdast').Image | undefined) {
  return (_state: State, node: import('mdast').Image): Element => ({ type: 'element', tagName: 'img', properties: imageProperties(node, eager) as Element['properties'], children: [] })
}
/**
 * The default handler asks of every item whether any item of its list is loose, scanning the
 * whole list each time: time grows with the square of the list's length. It reads only the
 * parent's `spread` and items, so it gets a stand-in list that already knows the answer.
 */
const looseness = new WeakMap<import('mdast').Parents, import('mdast').List>()
function looseList(parent: import('mdast').Parents): import('mdast').Parents {
  if (parent.type !== 'list') return parent
  let known = looseness.get(parent)
  if (!known) {
    const loose = !!parent.spread || parent.children.some((item) => (item.spread ?? item.children.length > 1))
    known = { type: 'list', spread: loose, children: [] }
    looseness.set(parent, known)
  }
  return known
}

function listItem(state: State, node: import('mdast').ListItem, parent: import('mdast').Parents | undefined): Element {
  const li = defaultHandlers.listItem(state, node, parent && looseList(parent))
  if (typeof node.checked !== 'boolean') return li
  const name = taskName(node)
  const box = findInput(li)
  if (box && name) box.properties.ariaLabel = name
  return li
}

function findInput(el: Element): Element | undefined {
  for (const child of el.children) {
    if (child.type !== 'element') continue
    if (child.tagName === 'input') return child
    if (child.tagName === 'p') return findInput(child)
  }
  return undefined
}

/** What the HTML depends on besides the tree. */
export interface HtmlOptions {
  /** The page's language (`zh-CN`, `en-US`): the containers' default titles. Default `zh-CN`. */
  lang?: string
  /** No image loads at once: a page's first-screen image does, an excerpt's, shown in a list, never needs to. */
  lazyImages?: boolean
}

/**
 * mdast → HTML string; raw HTML written by the author passes through. Written in one walk
 * (write-html.ts) unless the tree needs what only the hast path does (references, footnotes).
 */
export function mdastToHtml(tree: Root, { lang = DEFAULT_LANG, lazyImages = false }: HtmlOptions = {}): string {
  const eager = lazyImages ? undefined : firstScreenImage(tree)
  try {
    return writeHtml(tree, eager, lang)
  } catch (err) {
    if (!(err instanceof Unwritable)) throw err
  }
  return hastPathHtml(tree, eager ?? null, lang)
}

/** mdast → hast → HTML: every construct, and what write-html.ts is held equal to; `eager` null: no image loads at once. */
export function hastPathHtml(tree: Root, eager: import('mdast').Image | null | undefined = firstScreenImage(tree), lang = DEFAULT_LANG): string {
  const hast = toHast(tree, {
    allowDangerousHtml: true,
    clobberPrefix: '',
    footnoteLabel: '脚注',
    // Each back-link of a note cited more than once names which citation it returns to, as
    // micromark-extension-gfm-footnote's "Back to reference 1-2" does.
    footnoteBackLabel: (i, again) => `返回正文第 ${i + 1} 处引用${again > 1 ? `（第 ${again} 次）` : ''}`,
    handlers: { containerDirective: container(lang) as never, code: code as never, heading: heading as never, image: imageHandler(eager ?? undefined) as never, listItem: listItem as never },
  })
  return toHtml(hast, { allowDangerousHtml: true })
}

/**
 * The markup of the page's leading h1 (headings.ts), written as the body's headings are, for the
 * layout's title; undefined when it is text alone (the layout writes the title's text) or when it
 * cites a footnote (the note is numbered in the body, which the title is not part of).
 */
export function titleHtml(h1: Heading, tree: Root, options: HtmlOptions = {}): string | undefined {
  if (h1.children.every((child) => child.type === 'text')) return undefined
  let references = false
  let footnotes = false
  visit(h1, (node) => {
    if (node.type === 'footnoteReference') footnotes = true
    else if (node.type === 'linkReference' || node.type === 'imageReference') references = true
  })
  if (footnotes) return undefined
  // A reference needs the page's definitions, wherever they are.
  const definitions: Definition[] = []
  if (references) visit(tree, 'definition', (node) => void definitions.push(node))
  const html = mdastToHtml({ type: 'root', children: [{ type: 'paragraph', children: h1.children }, ...definitions] }, options)
  return html.slice('<p>'.length, -'</p>'.length)
}
