import type { Root } from 'mdast'
import { badgeClassName, badgeOf } from '../../shared/badge.js'
import { decodeEntities, escapeHtml } from '../../shared/escape.js'
import { CODE_GROUP_ACTIVE_ATTR, CODE_GROUP_ATTR, CODE_GROUP_PANEL_CLASS, CODE_GROUP_TITLE_CLASS } from '../../shared/markup.js'
import { warning, type BuildWarning } from '../errors/index.js'
import { componentNameOf, replaceTags, type Tag } from './vue-tags.js'
import { locationIn, visitCompiled } from './vue-walk.js'

/*
 * The Vue components VuePress 1 (and reco 1.x) pages use, drawn as HTML by the build:
 *
 * | component | drawn as |
 * |---|---|
 * | `<Badge text type vertical/>`, `<Badge>text</Badge>` | `<span class="badge TYPE">` (shared/badge.ts) |
 * | `<ClientOnly>` | its children, on the server and in the browser alike |
 * | `<code-group>` / `<code-block title active>` | the blocks under their titles; the client makes them tabs (client/behaviours/code-group.ts) |
 *
 * Any other tag Vue would resolve as a component is shown as its own text, with a warning: the
 * page still says what was there, and the build says where.
 */

function badge(tag: Tag): string {
  if (tag.closing) return '</span>'
  const b = badgeOf(tag.attrs.text !== undefined ? decodeEntities(tag.attrs.text) : '', tag.attrs.type, tag.attrs.vertical)
  const open = `<span class="${badgeClassName(b)}">${escapeHtml(b.text)}`
  return tag.selfClosing ? open + '</span>' : open
}

function codeBlock(tag: Tag): string {
  if (tag.closing) return '</div>'
  const title = escapeHtml(decodeEntities(tag.attrs.title ?? ''))
  // VuePress marks the block written with a bare `active`; `active="false"` is not taken as one.
  const active = tag.attrs.active !== undefined && tag.attrs.active !== 'false' ? ` ${CODE_GROUP_ACTIVE_ATTR}=""` : ''
  const open = `<p class="${CODE_GROUP_TITLE_CLASS}">${title}</p><div class="${CODE_GROUP_PANEL_CLASS}"${active}>`
  return tag.selfClosing ? open + '</div>' : open
}

function codeGroup(tag: Tag): string {
  if (tag.closing) return '</div>'
  const open = `<div class="code-group" ${CODE_GROUP_ATTR}="">`
  return tag.selfClosing ? open + '</div>' : open
}

const DRAWN: Record<string, (tag: Tag) => string> = {
  badge,
  'client-only': () => '',
  'code-group': codeGroup,
  'code-block': codeBlock,
}

/**
 * Every component tag in the page's raw HTML (outside code and `v-pre`) replaced by its HTML;
 * returns a warning for each tag of a component the build does not know.
 */
export function drawComponents(tree: Root, file: string): BuildWarning[] {
  const warnings: BuildWarning[] = []
  visitCompiled(tree, 'html', (node) => {
    node.value = replaceTags(node.value, (tag) => {
      const name = componentNameOf(tag.name)
      if (name === undefined) return undefined
      const draw = DRAWN[name]
      if (draw) return draw(tag)
      // An opening tag is reported; its closing tag shows as text without a second warning.
      if (!tag.closing) warnings.push(warning('ComponentUnknown', { tag: tag.name }, locationIn(node, node.value, tag.start, file)))
      return escapeHtml(tag.raw)
    })
  })
  return warnings
}
