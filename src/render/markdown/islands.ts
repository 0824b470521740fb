import type { Element } from 'hast'
import type { Root } from 'mdast'
import { containerKind } from './containers.js'
import { visit } from './visit.js'

/**
 * An island in the page body: the fallback HTML inside a marker the client finds after
 * hydration (`<div data-island="NAME" data-island-props="JSON">fallback</div>`). The client
 * mounts the island of that name over the fallback; without JavaScript the fallback stays.
 */
export function islandMarker(name: string, props: Record<string, unknown>, fallback: Element): Element {
  return {
    type: 'element',
    tagName: 'div',
    properties: { dataIsland: name, dataIslandProps: JSON.stringify(props) },
    children: [fallback],
  }
}

/** Names of the islands a page's tree uses, each once, in order of first use. */
export function islandsOf(tree: Root): string[] {
  const found = new Set<string>()
  visit(tree, 'containerDirective', (node) => {
    if (containerKind(node.name)?.island) found.add(node.name)
  })
  return [...found]
}
