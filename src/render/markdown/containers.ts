import type { Element, ElementContent } from 'hast'
import { demoFallback, demoProps } from './demo.js'
import type { ContainerBlock, ContainerKind } from './types.js'

const text = (value: string): ElementContent => ({ type: 'text', value })

/** `<div class="custom-block NAME"><p class="custom-block-title">TITLE</p>BODY</div>` */
export function titledBlock({ title, body, node }: ContainerBlock): Element {
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['custom-block', node.name] },
    children: [{ type: 'element', tagName: 'p', properties: { className: ['custom-block-title'] }, children: [text(title)] }, ...body],
  }
}

/**
 * Every container authors may write (`::: NAME [title]` … `:::`). The normaliser below and the
 * HTML handler in to-html.ts both read their names from here.
 */
export const CONTAINERS: readonly ContainerKind[] = [
  { name: 'tip', title: '提示', toHast: titledBlock },
  { name: 'warning', title: '注意', toHast: titledBlock },
  { name: 'danger', title: '警告', toHast: titledBlock },
  {
    name: 'details',
    title: '详细信息',
    toHast: ({ title, body }) => ({
      type: 'element',
      tagName: 'details',
      properties: { className: ['custom-block', 'details'] },
      children: [{ type: 'element', tagName: 'summary', properties: {}, children: [text(title)] }, ...body],
    }),
  },
  { name: 'info', title: '信息', toHast: titledBlock },
  { name: 'note', title: '注意', toHast: titledBlock },
  {
    // An answer kept hidden until the reader asks for it: a <details> without JavaScript,
    // a 显示答案 button with it (src/client/widgets/spoiler).
    name: 'spoiler',
    title: '答案',
    toHast: ({ title, body }) => ({
      type: 'element',
      tagName: 'details',
      properties: { className: ['custom-block', 'spoiler'] },
      children: [
        { type: 'element', tagName: 'summary', properties: {}, children: [text(title)] },
        { type: 'element', tagName: 'div', properties: { dataIslandBody: '' }, children: body },
      ],
    }),
    island: ({ title }) => ({ title }),
  },
  {
    // A live demo built from fenced html, js and css blocks: the description and the
    // highlighted code without JavaScript, a sandboxed frame with it (src/client/widgets/demo).
    name: 'demo',
    title: '示例',
    toHast: demoFallback,
    island: demoProps,
  },
]

const BY_NAME = new Map(CONTAINERS.map((c) => [c.name, c]))

export function containerKind(name: string): ContainerKind | undefined {
  return BY_NAME.get(name)
}

/*
 * VuePress authors write containers as `::: tip 标题` (a space after the colons, free title);
 * the directive syntax micromark understands is `:::tip[标题]`. This rewrites only the opening
 * lines, outside fenced code, and keeps every line where it was so positions stay true.
 */
const OPEN_RE = new RegExp(`^(\\s{0,3})(:{3,})[ \\t]*(${CONTAINERS.map((c) => c.name).join('|')})(?:[ \\t]+(.*?))?[ \\t]*$`)
const FENCE_RE = /^\s{0,3}(`{3,}|~{3,})/

export function normalizeContainers(source: string): string {
  if (!source.includes(':::')) return source
  const lines = source.split('\n')
  let fence: string | null = null
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    const f = FENCE_RE.exec(line)
    if (f) {
      if (fence === null) fence = f[1]
      else if (f[1][0] === fence[0] && f[1].length >= fence.length && line.trim() === f[1]) fence = null
      continue
    }
    if (fence !== null) continue
    const m = OPEN_RE.exec(line.replace(/\r$/, ''))
    if (m) {
      const title = m[4] ? `[${m[4].replace(/([[\]\\])/g, '\\$1')}]` : ''
      lines[i] = `${m[1]}${m[2]}${m[3]}${title}`
    }
  }
  return lines.join('\n')
}
