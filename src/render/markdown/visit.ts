import type { Nodes, Parents } from 'mdast'

/** Returned by a visitor to leave the node's children unvisited. */
export const SKIP = 'skip'

type Visitor<N> = (node: N, parent: Parents | undefined) => void | typeof SKIP

/**
 * Depth first, in document order, the tree itself included: calls `fn` for every node, or
 * only for nodes of `type`. The one walk over mdast the parse steps share.
 */
export function visit(tree: Nodes, fn: Visitor<Nodes>): void
export function visit<T extends Nodes['type']>(tree: Nodes, type: T, fn: Visitor<Extract<Nodes, { type: T }>>): void
export function visit(tree: Nodes, typeOrFn: string | Visitor<Nodes>, maybeFn?: Visitor<Nodes>): void {
  const type = typeof typeOrFn === 'string' ? typeOrFn : undefined
  const fn = typeof typeOrFn === 'string' ? maybeFn! : typeOrFn
  const walk = (node: Nodes, parent: Parents | undefined): void => {
    if ((type === undefined || node.type === type) && fn(node, parent) === SKIP) return
    if ('children' in node) for (const child of node.children) walk(child, node)
  }
  walk(tree, undefined)
}
