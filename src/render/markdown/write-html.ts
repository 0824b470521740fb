import type { ElementContent } from 'hast'
import { toHtml } from 'hast-util-to-html'
import type { Code, Heading, Image, List, ListItem, Nodes, Paragraph, Parents, Root, RootContent, Table, TableRow } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'
import { normalizeUri } from 'micromark-util-sanitize-uri'
import { HEADER_ANCHOR_CLASS } from '../../shared/markup.js'
import { codeLinesOf } from './code-lines.js'
import { codeBlockHtml } from './highlight.js'
import { escapeAttribute, escapeText } from './html-escapes.js'
import { DEFAULT_LANG } from './containers.js'
import { containerElement, imageProperties, taskName } from './site-elements.js'

/*
 * mdast → HTML in one walk, with no hast tree between: the same bytes as mdast-util-to-hast with
 * the handlers of to-html.ts, then hast-util-to-html (test/unit/write-html.test.ts holds the two
 * equal). The hast path builds a second tree of the whole page and walks it again; on a large
 * site that was the parse worker's largest cost after the parser. What the hast path does that
 * this writer does not (references and footnotes, which need the whole tree's definitions; a
 * node that renames its element or replaces its children) throws `Unwritable`, and the page takes
 * the hast path.
 */

/** A node this writer leaves to the hast path. */
export class Unwritable extends Error {}

type Props = Record<string, unknown>

/**
 * The properties the handlers and the tree's `hProperties` set, as hast-util-to-html writes them
 * (property-information's html schema). Any other property is left to the hast path.
 */
const ATTRIBUTES: Record<string, { name: string; boolean?: true; tokens?: true }> = {
  className: { name: 'class', tokens: true },
  id: { name: 'id' },
  href: { name: 'href' },
  title: { name: 'title' },
  src: { name: 'src' },
  alt: { name: 'alt' },
  width: { name: 'width' },
  height: { name: 'height' },
  loading: { name: 'loading' },
  decoding: { name: 'decoding' },
  fetchPriority: { name: 'fetchpriority' },
  target: { name: 'target' },
  rel: { name: 'rel', tokens: true },
  start: { name: 'start' },
  align: { name: 'align' },
  type: { name: 'type' },
  checked: { name: 'checked', boolean: true },
  disabled: { name: 'disabled', boolean: true },
  ariaLabel: { name: 'aria-label' },
  ariaHidden: { name: 'aria-hidden' },
  tabIndex: { name: 'tabindex' },
  dataLang: { name: 'data-lang' },
}

/** ` name="value"` for each set property, in the object's order. */
export function attributes(props: Props): string {
  let out = ''
  for (const key in props) {
    const value = props[key]
    if (value === null || value === undefined) continue
    const info = ATTRIBUTES[key]
    if (!info) throw new Unwritable(`property ${key}`)
    if (info.boolean) {
      if (typeof value !== 'boolean') throw new Unwritable(`property ${key}`)
      if (value) out += ' ' + info.name
      continue
    }
    if (value === false || (typeof value === 'number' && Number.isNaN(value))) continue
    if (value === true) {
      out += ' ' + info.name
      continue
    }
    if (Array.isArray(value) && !info.tokens) throw new Unwritable(`property ${key} as a list`)
    const text = Array.isArray(value) ? value.join(' ').trim() : String(value)
    out += ` ${info.name}="${escapeAttribute(text)}"`
  }
  return out
}

const VOID = new Set(['br', 'hr', 'img', 'input'])

/** An element of a default handler: its `hProperties` added, as `applyData` does. */
function element(node: Nodes, tag: string, props: Props, inner: string): string {
  const extra = node.data?.hProperties
  const all = extra ? Object.assign(props, extra) : props
  return VOID.has(tag) ? `<${tag}${attributes(all)}>` : `<${tag}${attributes(all)}>${inner}</${tag}>`
}

/** `state.wrap`: items on lines of their own; a loose wrap also opens and closes with a line break. */
function wrap(items: string[], loose: boolean): string {
  if (!loose) return items.join('\n')
  return items.length ? `\n${items.join('\n')}\n` : '\n'
}

/** Blanks and tabs around line endings inside a text go (trim-lines, as mdast-util-to-hast uses it). */
export function trimLines(value: string): string {
  if (!value.includes('\n') && !value.includes('\r')) return value
  const search = /\r?\n|\r/g
  let out = ''
  let last = 0
  for (let m = search.exec(value); m; m = search.exec(value)) {
    out += trimLine(value.slice(last, m.index), last > 0, true) + m[0]
    last = m.index + m[0].length
  }
  return out + trimLine(value.slice(last), last > 0, false)
}

function trimLine(value: string, start: boolean, end: boolean): string {
  let from = 0
  let to = value.length
  if (start) while (from < to && isBlank(value.charCodeAt(from))) from++
  if (end) while (to > from && isBlank(value.charCodeAt(to - 1))) to--
  return value.slice(from, to)
}

const isBlank = (code: number): boolean => code === 9 || code === 32

/** What follows a hard break starts without its blanks. */
function trimStart(value: string): string {
  let i = 0
  while (isBlank(value.charCodeAt(i))) i++
  return i ? value.slice(i) : value
}

/** Whether `applyData` would rename the node's element or replace its children. */
function renames(node: Nodes): boolean {
  const data = node.data as { hName?: unknown; hChildren?: unknown } | undefined
  return !!data && (data.hName !== undefined || data.hChildren !== undefined)
}

/** Node types the hast path leaves out of the HTML. */
const IGNORED = new Set(['yaml', 'toml', 'definition', 'footnoteDefinition'])

class HtmlWriter {
  constructor(
    private readonly eagerImage: Image | undefined,
    private readonly lang: string,
  ) {}

  /**
   * The HTML of each child that makes any, as `state.all`: after a hard break, a text (or an
   * element's first child when that is a text, one level down only) loses its leading blanks.
   * `trimHead` asks that of the first child.
   */
  all(parent: Parents, trimHead = false): string[] {
    const out: string[] = []
    const nodes = parent.children
    for (let i = 0; i < nodes.length; i++) {
      const html = this.one(nodes[i], parent, i ? nodes[i - 1].type === 'break' : trimHead && nodes[0].type === 'text')
      if (html !== undefined) out.push(html)
    }
    return out
  }

  /** `all`, end to end. */
  inner(parent: Parents, trimHead = false): string {
    return this.all(parent, trimHead).join('')
  }

  one(node: Nodes, parent: Parents | undefined, afterBreak = false): string | undefined {
    if (renames(node)) throw new Unwritable(`${node.type} with hName or hChildren`)
    switch (node.type) {
      case 'root':
        return wrap(this.all(node), false)
      case 'text': {
        const value = trimLines(node.value)
        return escapeText(afterBreak ? trimStart(value) : value)
      }
      case 'paragraph':
        return element(node, 'p', {}, this.inner(node))
      case 'heading':
        return this.heading(node)
      case 'blockquote':
        return element(node, 'blockquote', {}, wrap(this.all(node), true))
      case 'list':
        return this.list(node)
      case 'table':
        return this.table(node)
      case 'code':
        return this.code(node)
      case 'thematicBreak':
        return element(node, 'hr', {}, '')
      case 'break':
        return element(node, 'br', {}, '') + '\n'
      case 'emphasis':
        return element(node, 'em', {}, this.inner(node, afterBreak))
      case 'strong':
        return element(node, 'strong', {}, this.inner(node, afterBreak))
      case 'delete':
        return element(node, 'del', {}, this.inner(node, afterBreak))
      case 'inlineCode': {
        const value = node.value.replace(/\r?\n|\r/g, ' ')
        return element(node, 'code', {}, escapeText(afterBreak ? trimStart(value) : value))
      }
      case 'link': {
        const props: Props = { href: normalizeUri(node.url) }
        if (node.title !== null && node.title !== undefined) props.title = node.title
        return element(node, 'a', props, this.inner(node, afterBreak))
      }
      case 'image':
        return this.image(node)
      case 'html':
        return node.value
      case 'containerDirective':
        return this.container(node)
      default:
        if (IGNORED.has(node.type)) return undefined
        throw new Unwritable(node.type)
    }
  }

  /** to-html.ts's heading: the slug as id, and a `#` anchor before the text below the title. */
  private heading(node: Heading): string {
    const id = (node.data?.hProperties as { id?: string } | undefined)?.id
    const anchor = id && node.depth > 1 ? `<a class="${HEADER_ANCHOR_CLASS}" href="#${escapeAttribute(id)}" aria-hidden="true" tabindex="-1">#</a>` : ''
    const tag = `h${node.depth}`
    return `<${tag}${attributes({ id })}>${anchor}${this.inner(node)}</${tag}>`
  }

  private code(node: Code): string {
    return codeBlockHtml(node.value, (node.lang ?? '').toLowerCase(), codeLinesOf(node))
  }

  private image(node: Image): string {
    return `<img${attributes(imageProperties(node, this.eagerImage))}>`
  }

  private list(node: List): string {
    const props: Props = {}
    if (typeof node.start === 'number' && node.start !== 1) props.start = node.start
    const loose = !!node.spread || node.children.some((item) => item.spread ?? item.children.length > 1)
    const items = node.children.map((item) => this.listItem(item, loose))
    if (node.children.some((item) => typeof item.checked === 'boolean')) props.className = ['contains-task-list']
    return element(node, node.ordered ? 'ol' : 'ul', props, wrap(items, true))
  }

  /**
   * mdast-util-to-hast's list item: a tight list's paragraphs lose their `<p>`; a task item gets
   * its checkbox, named by the item's text (to-html.ts).
   */
  private listItem(node: ListItem, loose: boolean): string {
    // The list reads its items' class (task items) as the handler sets it: no other to merge.
    if (node.data) throw new Unwritable('listItem with data')
    type Result = { paragraph: true; inner: string; count: number; node?: Paragraph } | { paragraph: false; html: string }
    const results: Result[] = []
    for (const child of node.children) {
      if (child.type === 'paragraph') {
        if (renames(child)) throw new Unwritable('paragraph with hName or hChildren')
        const parts = this.all(child)
        results.push({ paragraph: true, inner: parts.join(''), count: parts.length, node: child })
      } else {
        const html = this.one(child, node)
        if (html !== undefined) results.push({ paragraph: false, html })
      }
    }
    const props: Props = {}
    if (typeof node.checked === 'boolean') {
      let head = results[0]
      if (!head?.paragraph) results.unshift((head = { paragraph: true, inner: '', count: 0 }))
      const name = taskName(node)
      const box = `<input${attributes({ type: 'checkbox', checked: node.checked, disabled: true, ariaLabel: name || undefined })}>`
      head.inner = box + (head.count > 0 ? ' ' : '') + head.inner
      head.count++
      props.className = ['task-list-item']
    }
    let inner = ''
    results.forEach((r, i) => {
      if (loose || i !== 0 || !r.paragraph) inner += '\n'
      inner += !r.paragraph ? r.html : loose ? (r.node ? element(r.node, 'p', {}, r.inner) : `<p>${r.inner}</p>`) : r.inner
    })
    const tail = results[results.length - 1]
    if (tail && (loose || !tail.paragraph)) inner += '\n'
    return element(node, 'li', props, inner)
  }

  private table(node: Table): string {
    const rows = node.children.map((row, i) => this.tableRow(row, node, i))
    const parts: string[] = []
    if (rows.length) parts.push(`<thead>${wrap([rows[0]], true)}</thead>`)
    if (rows.length > 1) parts.push(`<tbody>${wrap(rows.slice(1), true)}</tbody>`)
    return element(node, 'table', {}, wrap(parts, true))
  }

  private tableRow(row: TableRow, table: Table, index: number): string {
    const tag = index === 0 ? 'th' : 'td'
    const align = table.align
    const length = align ? align.length : row.children.length
    const cells: string[] = []
    for (let i = 0; i < length; i++) {
      const cell = row.children[i]
      const props: Props = {}
      const a = align ? align[i] : undefined
      if (a) props.align = a
      if (!cell) cells.push(`<${tag}${attributes(props)}></${tag}>`)
      else {
        if (renames(cell)) throw new Unwritable('tableCell with hName or hChildren')
        cells.push(element(cell, tag, props, this.inner(cell)))
      }
    }
    return element(row, 'tr', {}, wrap(cells, true))
  }

  /** A container's element (site-elements.ts) around its body, written here. */
  private container(node: ContainerDirective): string {
    const body = (children: RootContent[]) => [{ type: 'raw', value: this.inner({ type: 'root', children }) } as unknown as ElementContent]
    return toHtml(containerElement(node, body, this.lang), { allowDangerousHtml: true })
  }
}

/**
 * The page's HTML, or `Unwritable` for a tree only the hast path writes. `eagerImage` loads at
 * once; `lang`, the page's language, picks the containers' default titles.
 */
export function writeHtml(tree: Root, eagerImage: Image | undefined, lang = DEFAULT_LANG): string {
  return new HtmlWriter(eagerImage, lang).one(tree, undefined) ?? ''
}
