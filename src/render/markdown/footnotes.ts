import type { FootnoteDefinition, Nodes, Parents, Root } from 'mdast'
import { normalizeUri } from 'micromark-util-sanitize-uri'
import { SKIP, visit } from './visit.js'

type Visitor = (node: Nodes, parent: Parents | undefined) => void | typeof SKIP

/** A container's `[title]` label: shown as the container's title, not as content. */
export const isDirectiveLabel = (node: Nodes): boolean =>
  node.type === 'paragraph' && (node.data as { directiveLabel?: boolean } | undefined)?.directiveLabel === true

/**
 * Visits the tree in the order mdast-util-to-hast renders it: the body, where footnote
 * definitions and container labels are not content, then each referenced footnote definition
 * in order of first reference (references inside definitions add to the order). Footnote
 * numbers and ids depend on that order, so they are computed here exactly as rendered.
 */
export function visitRendered(tree: Root, fn: Visitor): { order: string[]; definitions: Map<string, FootnoteDefinition> } {
  const definitions = new Map<string, FootnoteDefinition>()
  visit(tree, 'footnoteDefinition', (d) => {
    const id = d.identifier.toUpperCase()
    if (!definitions.has(id)) definitions.set(id, d)
  })
  const order: string[] = []
  const walk = (from: Nodes) =>
    visit(from, (node, parent) => {
      if ((node.type === 'footnoteDefinition' && node !== from) || isDirectiveLabel(node)) return SKIP
      if (node.type === 'footnoteReference') {
        const id = node.identifier.toUpperCase()
        if (!order.includes(id)) order.push(id)
      }
      return fn(node, parent)
    })
  walk(tree)
  for (let i = 0; i < order.length; i++) {
    const definition = definitions.get(order[i])
    if (definition) walk(definition)
  }
  return { order, definitions }
}

/**
 * The element ids the footnotes of a page get (`fnref-x`, `fnref-x-2` for a second reference,
 * `fn-x`), as mdast-util-to-hast makes them with an empty clobber prefix.
 */
export function footnoteIds(tree: Root): string[] {
  const ids: string[] = []
  const counts = new Map<string, number>()
  const safe = (id: string) => normalizeUri(id.toLowerCase())
  const { order, definitions } = visitRendered(tree, (node) => {
    if (node.type !== 'footnoteReference') return
    const id = node.identifier.toUpperCase()
    const n = (counts.get(id) ?? 0) + 1
    counts.set(id, n)
    ids.push(`fnref-${safe(id)}${n > 1 ? `-${n}` : ''}`)
  })
  for (const id of order) if (definitions.has(id)) ids.push(`fn-${safe(id)}`)
  return ids
}
