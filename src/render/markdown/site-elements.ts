import type { Element, ElementContent } from 'hast'
import type { Image, ListItem, Nodes, Root, RootContent } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'
import { toString } from 'mdast-util-to-string'
import { containerKind, defaultTitle, neutralBlock } from './containers.js'
import { islandMarker } from './islands.js'

// What this site makes of containers and images, read by both HTML writers: the hast path
// (to-html.ts) and the one walk (write-html.ts), so the two cannot drift apart.

/**
 * A `::: NAME [title]` block as the table in containers.ts says, an island in its marker;
 * `body` turns the block's content (without the title label) into the element's children.
 * The title the author wrote wins; else the kind's default title in the page's `lang`.
 */
export function containerElement(node: ContainerDirective, body: (children: RootContent[]) => ElementContent[], lang: string): Element {
  // The `[title]` label arrives as the first paragraph with `directiveLabel` set.
  const [first, ...rest] = node.children
  const labelled = first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel
  const kind = containerKind(node.name)
  const title = labelled ? toString(first).trim() : defaultTitle(kind?.title, lang)
  const block = { title, body: body(labelled ? rest : node.children), node }
  // A name the table lacks (checkContainers warns of it) still shows its content, in a plain box.
  const html = (kind?.toHast ?? neutralBlock)(block)
  return kind?.island ? islandMarker(kind.name, kind.island(block), html) : html
}

/** An image in the first few blocks of a page is likely in the first screen. */
const FIRST_SCREEN_BLOCKS = 4

/**
 * The page's first image when it is near the top: it is likely the largest thing in the first
 * screen (the paint readers wait for), so it loads at once and early, not lazily after layout.
 */
export function firstScreenImage(tree: Root): Image | undefined {
  const find = (node: Nodes): Image | undefined => {
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

/** An `<img>`'s properties: lazy, unless it is the page's first-screen image (`eager`). */
export function imageProperties(node: Image, eager: Image | undefined): Record<string, unknown> {
  return {
    src: node.url,
    alt: node.alt ?? '',
    title: node.title ?? undefined,
    ...(node.data?.hProperties ?? {}),
    ...(node === eager ? { fetchPriority: 'high' } : { loading: 'lazy' }),
    decoding: 'async',
  }
}

/** What a task item's checkbox is named by (its first paragraph's text), so assistive tools can say what is done. */
export function taskName(item: ListItem): string {
  const first = item.children[0]
  return first?.type === 'paragraph' ? toString(first).trim() : ''
}
