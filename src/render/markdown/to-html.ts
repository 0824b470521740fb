import type { Element, ElementContent } from 'hast'
import { toHtml } from 'hast-util-to-html'
import type { Code, Root } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'
import { defaultHandlers, toHast, type State } from 'mdast-util-to-hast'
import { toString } from 'mdast-util-to-string'
import { HEADER_ANCHOR_CLASS } from '../../shared/markup.js'
import { containerKind, titledBlock } from './containers.js'
import { codeBlock } from './highlight.js'
import { islandMarker } from './islands.js'
import { Unwritable, writeHtml } from './write-html.js'

/** `::: NAME [title]` blocks, as the table in containers.ts says; an island gets its marker. */
function container(state: State, node: ContainerDirective): Element {
  // The `[title]` label arrives as the first paragraph with `directiveLabel` set.
  const [first, ...rest] = node.children
  const labelled = first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel
  const kind = containerKind(node.name)
  const title = labelled ? toString(first) : (kind?.title ?? node.name.toUpperCase())
  const body = state.all({ type: 'root', children: labelled ? rest : node.children } as Root) as ElementContent[]
  const block = { title, body, node }
  // A directive written as `:::name` with a name the table lacks still reads as a titled block.
  const html = (kind?.toHast ?? titledBlock)(block)
  return kind?.island ? islandMarker(kind.name, kind.island(block), html) : html
}

function code(_state: State, node: Code): Element {
  return codeBlock(node.value, (node.lang ?? '').toLowerCase())
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

/** An image in the first few blocks of a page is likely in the first screen. */
const FIRST_SCREEN_BLOCKS = 4

/**
 * The page's first image when it is near the top: it is likely the largest thing in the first
 * screen (the paint readers wait for), so it loads at once and early, not lazily after layout.
 */
export function firstScreenImage(tree: Root): import('mdast').Image | undefined {
  const find = (node: import('mdast').Nodes): import('mdast').Image | undefined => {
    if (node.type === 'image') return node
    if (!('children' in node)) return undefined
    for (const child of node.children) {
      const found = find(child)
      if (found) return found
    }
    return undefined
  }
  for (const block of tree.children.slice(0, FIRST_SCREEN_BLOCKS)) {
    const found = find(block)
    if (found) return found
  }
  return undefined
}

function imageHandler(eager: import('mdast').Image | undefined) {
  return (_state: State, node: import('mdast').Image): Element => ({
    type: 'element',
    tagName: 'img',
    properties: {
      src: node.url,
      alt: node.alt ?? '',
      title: node.title ?? undefined,
      ...(node.data?.hProperties ?? {}),
      ...(node === eager ? { fetchPriority: 'high' } : { loading: 'lazy' }),
      decoding: 'async',
    },
    children: [],
  })
}
/** Task-list checkboxes are named by their item's text, so assistive tools can say what is done. */
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
  const first = node.children[0]
  const name = first?.type === 'paragraph' ? toString(first).trim() : ''
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

/**
 * mdast → HTML string; raw HTML written by the author passes through. Written in one walk
 * (write-html.ts) unless the tree needs what only the hast path does (references, footnotes).
 */
export function mdastToHtml(tree: Root): string {
  const eager = firstScreenImage(tree)
  try {
    return writeHtml(tree, eager)
  } catch (err) {
    if (!(err instanceof Unwritable)) throw err
  }
  return hastPathHtml(tree, eager)
}

/** mdast → hast → HTML: every construct, and what write-html.ts is held equal to. */
export function hastPathHtml(tree: Root, eager = firstScreenImage(tree)): string {
  const hast = toHast(tree, {
    allowDangerousHtml: true,
    clobberPrefix: '',
    footnoteLabel: '脚注',
    footnoteBackLabel: (i) => `返回正文第 ${i + 1} 处引用`,
    handlers: { containerDirective: container as never, code: code as never, heading: heading as never, image: imageHandler(eager) as never, listItem: listItem as never },
  })
  return toHtml(hast, { allowDangerousHtml: true })
}
