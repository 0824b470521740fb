import type { Parents, Root } from 'mdast'
import { badgeClassName, badgeOf } from '../../shared/badge.js'
import { decodeEntities, escapeHtml } from '../../shared/escape.js'
import { CODE_GROUP_ACTIVE_ATTR, CODE_GROUP_ATTR, CODE_GROUP_PANEL_CLASS, CODE_GROUP_TITLE_CLASS } from '../../shared/markup.js'
import { warning, type BuildWarning } from '../errors/index.js'
import { componentNameOf, replaceTags, tagsOf, type Tag } from './vue-tags.js'
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
 * `<Badge text="a">b</Badge>` shows `a` (Vue's `props.text || slots().default`): the nodes
 * between such an opening tag and its `</Badge>` among the same parent's children are dropped.
 */
function dropOverriddenBadgeChildren(parent: Parents): void {
  let dropping = false
  const kept = parent.children.filter((child) => {
    if (child.type !== 'html') return !dropping
    for (const tag of tagsOf(child.value)) {
      if (componentNameOf(tag.name) !== 'badge') continue
      if (tag.closing) dropping = false
      else if (!tag.selfClosing && tag.attrs.text !== undefined) dropping = true
    }
    return true
  })
  if (kept.length !== parent.children.length) parent.children = kept as typeof parent.children
}

/**
 * Every component tag in the page's raw HTML (outside code and `v-pre`) replaced by its HTML;
 * returns a warning for each tag of a component the build does not know.
 */
export function drawComponents(tree: Root, file: string): BuildWarning[] {
  const warnings: BuildWarning[] = []
  for (const type of ['paragraph', 'heading'] as const) visitCompiled(tree, type, dropOverriddenBadgeChildren)
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
