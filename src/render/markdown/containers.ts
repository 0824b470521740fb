import type { Element, ElementContent } from 'hast'
import type { Root } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'
import { warning, type BuildWarning } from '../errors/index.js'
import { demoFallback, demoProps } from './demo.js'
import type { ContainerBlock, ContainerKind, ContainerTitles } from './types.js'
import { visit } from './visit.js'

const text = (value: string): ElementContent => ({ type: 'text', value })

const titleParagraph = (title: string): Element[] =>
  title ? [{ type: 'element', tagName: 'p', properties: { className: ['custom-block-title'] }, children: [text(title)] }] : []

/** `<div class="custom-block NAME"><p class="custom-block-title">TITLE</p>BODY</div>`; no title paragraph for an empty title. */
export function titledBlock({ title, body, node }: ContainerBlock): Element {
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['custom-block', node.name] },
    children: [...titleParagraph(title), ...body],
  }
}

/**
 * A block whose name no table entry has: a plain box (its title, if the author wrote one) so
 * the reader still gets the content. The name goes in a data attribute, not the class list,
 * where it could take on the theme's own rules (`::: home`).
 */
export function neutralBlock({ title, body, node }: ContainerBlock): Element {
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['custom-block'], dataContainer: writtenName(node) },
    children: [...titleParagraph(title), ...body],
  }
}

/** `<details>` with a `<summary>`: the browser's own disclosure, which assistive tools announce as one. */
function detailsBlock({ title, body }: ContainerBlock): Element {
  return {
    type: 'element',
    tagName: 'details',
    properties: { className: ['custom-block', 'details'] },
    children: [{ type: 'element', tagName: 'summary', properties: {}, children: [text(title)] }, ...body],
  }
}

/**
 * Every container authors may write (`::: NAME [title]` … `:::`): VuePress 1's default theme
 * (tip, warning, danger, details, with its default titles), VuePress's own `v-pre`, what
 * vuepress-theme-reco 1.x adds (theorem, right, and details titled 更多 / See More), and this
 * site's own (info, note, spoiler, demo). The normaliser below and both HTML writers
 * (site-elements.ts) read the names from here.
 */
export const CONTAINERS: readonly ContainerKind[] = [
  { name: 'tip', title: { zh: '提示', en: 'TIP' }, toHast: titledBlock },
  { name: 'warning', title: { zh: '注意', en: 'WARNING' }, toHast: titledBlock },
  { name: 'danger', title: { zh: '警告', en: 'DANGER' }, toHast: titledBlock },
  { name: 'details', title: { zh: '更多', en: 'See More' }, toHast: detailsBlock },
  // reco: a statement with its name as the title (no default title).
  { name: 'theorem', toHast: titledBlock },
  // reco: a quiet right-aligned line, such as a quotation's source.
  { name: 'right', toHast: titledBlock },
  {
    // VuePress's block that Vue leaves alone: the content as written, which the passes over text
    // (emoji shortcodes, `{{ }}`) skip; the tree keeps it a container named `v-pre`.
    name: 'v-pre',
    toHast: ({ body }) => ({ type: 'element', tagName: 'div', properties: { className: ['v-pre'] }, children: body }),
  },
  { name: 'info', title: { zh: '信息', en: 'INFO' }, toHast: titledBlock },
  { name: 'note', title: { zh: '注意', en: 'NOTE' }, toHast: titledBlock },
  {
    // An answer kept hidden until the reader asks for it: a <details> without JavaScript,
    // a 显示答案 button with it (src/client/widgets/spoiler).
    name: 'spoiler',
    title: { zh: '答案', en: 'Answer' },
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
    title: { zh: '示例', en: 'Demo' },
    toHast: demoFallback,
    island: demoProps,
  },
]

const BY_NAME = new Map(CONTAINERS.map((c) => [c.name, c]))

export function containerKind(name: string): ContainerKind | undefined {
  return BY_NAME.get(name)
}

/** A warning naming file:line for each block whose name the table lacks (it is still shown, in a plain box). */
export function checkContainers(tree: Root, file: string): BuildWarning[] {
  const warnings: BuildWarning[] = []
  visit(tree, 'containerDirective', (node) => {
    if (containerKind(node.name)) return
    const start = node.position?.start
    warnings.push(warning('UnknownContainer', { name: writtenName(node) }, { file, line: start?.line ?? 1, column: start?.column ?? 1 }))
  })
  return warnings
}

/** The page's language when none is given: the site's own (its content is zh-CN). */
export const DEFAULT_LANG = 'zh-CN'

/** A kind's default title on a page in `lang` (a BCP 47 tag: `zh-CN`, `en-US`): Chinese for any `zh`, else English. */
export function defaultTitle(titles: ContainerTitles | undefined, lang: string): string {
  if (!titles) return ''
  return /^zh(?:-|$)/i.test(lang) ? titles.zh : titles.en
}

/*
 * VuePress authors write containers as `::: tip 标题` (a space after the colons, free title);
 * the directive syntax micromark understands is `:::tip[标题]`. This rewrites only the fence
 * lines, outside fenced code, and keeps every line where it was so positions stay true.
 *
 * Any name is taken, so that no block is left as literal colons: a name the table lacks is
 * shown in a plain box (with a warning, checkContainers). micromark names are ASCII (a letter,
 * then letters, digits, `-`, `_`); any other word is carried in an attribute of a stand-in name.
 *
 * Nesting: markdown-it-container (VuePress) closes the innermost block at a `:::` line, so
 * authors nest blocks with fences of one length; micromark closes the outer one too unless its
 * fence is longer. Each block's fences are lengthened to one colon more than the longest fence
 * inside it, so blocks nest as the author meant.
 */
const OPEN_RE = /^(\s{0,3})(:{3,})[ \t]*([^\s:[{][^\s[{]*)(?:[ \t]+(.*?))?[ \t]*$/
const DIRECTIVE_OPEN_RE = /^\s{0,3}(:{3,})[A-Za-z][\w-]*(?:\[.*\])?(?:\{.*\})?[ \t]*\r?$/
const CLOSE_RE = /^\s{0,3}(:{3,})[ \t]*\r?$/
const FENCE_RE = /^\s{0,3}(`{3,}|~{3,})/
const DIRECTIVE_NAME = /^[A-Za-z][\w-]*$/
/** The stand-in for a name micromark cannot read (`::: 注意`); the name itself is in its `name` attribute. */
const STAND_IN = 'x-container'

/** The name as the author wrote it after the colons. */
export function writtenName(node: ContainerDirective): string {
  if (node.name !== STAND_IN) return node.name
  const encoded = node.attributes?.name
  try {
    return encoded ? decodeURIComponent(encoded) : node.name
  } catch {
    return encoded ?? node.name
  }
}

export function normalizeContainers(source: string): string {
  if (!source.includes(':::')) return source
  const lines = source.split('\n')
  /** Each block opened: its opening line, the closing line once found, and its fence length (grown for what it holds). */
  interface Block {
    open: number
    close?: number
    colons: number
    /** The longest fence of a block inside it. */
    inner: number
  }
  const blocks: Block[] = []
  const open: Block[] = []
  const end = (block: Block) => {
    block.colons = Math.max(block.colons, block.inner + 1)
    const parent = open[open.length - 1]
    if (parent) parent.inner = Math.max(parent.inner, block.colons)
  }
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
      const name = m[3]
      lines[i] = DIRECTIVE_NAME.test(name) ? `${m[1]}${m[2]}${name}${title}` : `${m[1]}${m[2]}${STAND_IN}${title}{name="${encodeURIComponent(name)}"}`
      const block: Block = { open: i, colons: m[2].length, inner: 0 }
      blocks.push(block)
      open.push(block)
      continue
    }
    const d = DIRECTIVE_OPEN_RE.exec(line)
    if (d) {
      // Written in micromark's own syntax (`:::tip[标题]`): kept, but it holds what follows all the same.
      const block: Block = { open: i, colons: d[1].length, inner: 0 }
      blocks.push(block)
      open.push(block)
      continue
    }
    const c = CLOSE_RE.exec(line)
    const innermost = open[open.length - 1]
    if (c && innermost && c[1].length >= innermost.colons) {
      innermost.close = i
      open.pop()
      end(innermost)
    }
  }
  // Blocks never closed run to the end of the page, in VuePress as in micromark.
  while (open.length) end(open.pop()!)
  for (const block of blocks) {
    const colons = ':'.repeat(block.colons)
    lines[block.open] = lines[block.open].replace(/:{3,}/, colons)
    if (block.close !== undefined) lines[block.close] = lines[block.close].replace(/:{3,}/, colons)
  }
  return lines.join('\n')
}
