import type { Nodes, Parents } from 'mdast'
import type { SourceLocation } from '../errors/index.js'

/** Where the character at `index` of a node's value lies in the page: its line, and its column on the node's first line (else from its line's start). */
export function locationIn(node: Nodes, value: string, index: number, file: string): SourceLocation {
  const start = node.position?.start ?? { line: 1, column: 1 }
  const before = value.slice(0, index)
  const lines = before.split('\n')
  const line = start.line + lines.length - 1
  const column = lines.length === 1 ? start.column + index : lines[lines.length - 1].length + 1
  return { file, line, column }
}

/** Node types whose text Vue never reads as a template: code, and Vue's `v-pre` (a `::: v-pre` container). */
const untouched = (node: Nodes): boolean => node.type === 'code' || node.type === 'inlineCode' || (node.type === 'containerDirective' && node.name === 'v-pre')

/** Calls `fn` for every node of `type` that Vue would compile (outside code and `v-pre`), with its parent. */
export function visitCompiled<T extends Nodes['type']>(tree: Nodes, type: T, fn: (node: Extract<Nodes, { type: T }>, parent: Parents | undefined) => void): void {
  const walk = (node: Nodes, parent: Parents | undefined): void => {
    if (untouched(node)) return
    if (node.type === type) fn(node as Extract<Nodes, { type: T }>, parent)
    if ('children' in node) for (const child of node.children) walk(child, node)
  }
  walk(tree, undefined)
}
