import type { Root } from 'mdast'
import { directiveFromMarkdown } from 'mdast-util-directive'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { directive } from 'micromark-extension-directive'
import { gfm } from 'micromark-extension-gfm'
import type { Extension } from 'micromark-util-types'
import { normalizeContainers } from './containers.js'

// Only the container form of directives (`:::tip`): text directives (`:name`) would turn
// ordinary prose such as "注意:abc" into directives.
const containersOnly: Extension = { flow: { 58: (directive().flow as Record<number, unknown[]>)[58][0] as never } }
const extensions = [gfm(), containersOnly]
const mdastExtensions = [gfmFromMarkdown(), directiveFromMarkdown()]

/** Markdown → mdast (GFM: tables, task lists, strikethrough, autolinks, footnotes; containers). */
export function parseMarkdown(source: string): Root {
  return fromMarkdown(normalizeContainers(source), { extensions, mdastExtensions })
}
