import type { Element, ElementContent } from 'hast'
import type { ContainerDirective } from 'mdast-util-directive'

// The shape of a container, apart from the list of containers (containers.ts) so that a
// container's own module (demo.ts) can name it without importing the list that imports it.

/** One block as its HTML is made: the title to show (empty: none) and the body already turned into hast. */
export interface ContainerBlock {
  title: string
  body: ElementContent[]
  node: ContainerDirective
}

/** A default title in each language a page may be written in (`zh` for every `zh-*`, `en` for the rest). */
export interface ContainerTitles {
  zh: string
  en: string
}

export interface ContainerKind {
  name: string
  /** Shown when the author gives no title; none for a block that shows no title of its own. */
  title?: ContainerTitles
  /** The block's HTML. For an island this is the fallback a reader sees without JavaScript. */
  toHast(block: ContainerBlock): Element
  /**
   * Set for an island: the props the client's island of the same name gets (they must survive
   * JSON). The island also gets the HTML of the fallback's `[data-island-body]` element.
   */
  island?: (block: ContainerBlock) => Record<string, unknown>
}
