import type { Html, Nodes, Root } from 'mdast'
import { badgeClassName } from '../../shared/badge.js'
import { escapeHtml } from '../../shared/escape.js'
import { TOC_CLASS } from '../../shared/markup.js'
import type { Header } from '../../shared/types.js'

const TOC_RE = /^\s*\[\[toc\]\]\s*$/i

/** The nodes `insertToc` made: navigation, not prose (the search text leaves them out). */
const tocNodes = new WeakSet<Nodes>()
export const isTocNode = (node: Nodes): boolean => tocNodes.has(node)

/** Replace every paragraph that is just `[[toc]]` with a nested list of the page's h2/h3. */
export function insertToc(tree: Root, headers: Header[]): void {
  const html = renderToc(headers)
  tree.children = tree.children.map((node) => {
    if (node.type === 'paragraph' && node.children.length === 1 && node.children[0].type === 'text' && TOC_RE.test(node.children[0].value)) {
      const toc: Html = { type: 'html', value: html, position: node.position }
      tocNodes.add(toc)
      return toc
    }
    return node
  })
}

export function renderToc(headers: Header[]): string {
  if (!headers.length) return ''
  let html = `<nav class="${TOC_CLASS}" aria-label="目录"><ul>`
  let open = false
  headers.forEach((h, i) => {
    // A heading's badges follow its title inside the link, as VuePress's table of contents shows them.
    const badges = (h.badges ?? []).map((b) => ` <span class="${badgeClassName(b)}">${escapeHtml(b.text)}</span>`).join('')
    const item = `<li><a href="#${escapeHtml(h.slug)}">${escapeHtml(h.title)}${badges}</a>`
    if (h.level === 2) {
      if (open) html += '</ul></li>'
      else if (i > 0) html += '</li>'
      open = false
      html += item
    } else {
      if (!open) html += i === 0 ? '<li><ul>' : '<ul>'
      open = true
      html += item + '</li>'
    }
  })
  html += open ? '</ul></li>' : '</li>'
  return html + '</ul></nav>'
}
