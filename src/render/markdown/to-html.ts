import type { Element, ElementContent } from 'hast'
import { toHtml } from 'hast-util-to-html'
import type { Code, Root } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'
import { defaultHandlers, toHast, type State } from 'mdast-util-to-hast'
import { toString } from 'mdast-util-to-string'
import { highlight } from './highlight.js'

const DEFAULT_TITLES: Record<string, string> = {
  tip: '提示',
  info: '信息',
  note: '注意',
  warning: '注意',
  danger: '警告',
  details: '详细信息',
}

function container(state: State, node: ContainerDirective): Element {
  // The `[title]` label arrives as the first paragraph with `directiveLabel` set.
  const [first, ...rest] = node.children
  const labelled = first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel
  const title = labelled ? toString(first) : DEFAULT_TITLES[node.name] ?? node.name.toUpperCase()
  const body = state.all({ type: 'root', children: labelled ? rest : node.children } as Root) as ElementContent[]
  const titleText: ElementContent = { type: 'text', value: title }
  if (node.name === 'details') {
    return {
      type: 'element',
      tagName: 'details',
      properties: { className: ['custom-block', 'details'] },
      children: [{ type: 'element', tagName: 'summary', properties: {}, children: [titleText] }, ...body],
    }
  }
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['custom-block', node.name] },
    children: [{ type: 'element', tagName: 'p', properties: { className: ['custom-block-title'] }, children: [titleText] }, ...body],
  }
}

function code(_state: State, node: Code): Element {
  const lang = (node.lang ?? '').toLowerCase()
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: [`language-${lang || 'text'}`, 'code-block'], dataLang: lang || undefined },
    children: [
      {
        type: 'element',
        tagName: 'pre',
        properties: { className: ['hljs'] },
        children: [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'raw', value: highlight(node.value, lang) } as unknown as ElementContent] }],
      },
    ],
  }
}

function heading(state: State, node: import('mdast').Heading): Element {
  const id = (node.data?.hProperties as { id?: string } | undefined)?.id
  const children = state.all(node) as ElementContent[]
  if (id && node.depth > 1) {
    children.unshift({
      type: 'element',
      tagName: 'a',
      properties: { className: ['header-anchor'], href: `#${id}`, ariaHidden: 'true', tabIndex: -1 },
      children: [{ type: 'text', value: '#' }],
    })
  }
  return { type: 'element', tagName: `h${node.depth}`, properties: { id }, children }
}

function image(_state: State, node: import('mdast').Image): Element {
  return {
    type: 'element',
    tagName: 'img',
    properties: { src: node.url, alt: node.alt ?? '', title: node.title ?? undefined, ...(node.data?.hProperties ?? {}), loading: 'lazy', decoding: 'async' },
    children: [],
  }
}
/** Task-list checkboxes are named by their item's text, so assistive tools can say what is done. */
function listItem(state: State, node: import('mdast').ListItem, parent: import('mdast').Parents | undefined): Element {
  const li = defaultHandlers.listItem(state, node, parent)
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

/** mdast → HTML string; raw HTML written by the author passes through. */
export function mdastToHtml(tree: Root): string {
  const hast = toHast(tree, {
    allowDangerousHtml: true,
    clobberPrefix: '',
    footnoteLabel: '脚注',
    footnoteBackLabel: (i) => `返回正文第 ${i + 1} 处引用`,
    handlers: { containerDirective: container as never, code: code as never, heading: heading as never, image: image as never, listItem: listItem as never },
  })
  return toHtml(hast, { allowDangerousHtml: true })
}
