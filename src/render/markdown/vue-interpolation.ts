import type { Nodes, Root } from 'mdast'
import { escapeHtml } from '../../shared/escape.js'
import { warning, type BuildWarning } from '../errors/index.js'
import { keepWrittenSlugText } from './headings.js'
import { tagsOf } from './vue-tags.js'
import { locationIn, visitCompiled } from './vue-walk.js'

/** What `{{ }}` may read: VuePress's `$frontmatter`, `$page` and `$site`, as far as a static page knows them. */
export interface InterpolationContext {
  frontmatter: Record<string, unknown>
  /** `$page.title`. */
  pageTitle: string
  site: { title: string; description: string }
}

const MUSTACHE = /\{\{([\s\S]*?)\}\}/g
const PATH = /^(\$frontmatter|\$page\.frontmatter|\$page\.title|\$site\.title|\$site\.description)((?:\.[A-Za-z_$][\w$]*)*)$/

/** As Vue's `toDisplayString`: nothing for null and undefined, JSON for arrays and plain objects. */
function display(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (Array.isArray(value) || (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)) return JSON.stringify(value, null, 2)
  return String(value)
}

/** The text of one expression, or undefined when it is not one of the fields filled in. */
export function resolveExpression(expression: string, ctx: InterpolationContext): string | undefined {
  const m = PATH.exec(expression.trim())
  if (!m) return undefined
  const keys = m[2] ? m[2].slice(1).split('.') : []
  let value: unknown
  switch (m[1]) {
    case '$frontmatter':
    case '$page.frontmatter':
      value = ctx.frontmatter
      break
    case '$page.title':
      value = ctx.pageTitle
      break
    case '$site.title':
      value = ctx.site.title
      break
    default:
      value = ctx.site.description
  }
  // Fields of a text (`$page.title.length`) are not data of the page: only frontmatter is walked.
  if (keys.length && typeof value !== 'object') return undefined
  for (const key of keys) value = value !== null && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined
  return display(value)
}

/** `text` with its known `{{ }}` filled in (`escape` applied to each value); `unknown` hears the rest, with their offsets. */
function fill(text: string, ctx: InterpolationContext, escape: (s: string) => string, unknown?: (expression: string, index: number) => void): string {
  if (!text.includes('{{')) return text
  return text.replace(MUSTACHE, (all, expression: string, index: number) => {
    const value = resolveExpression(expression, ctx)
    if (value !== undefined) return escape(value)
    unknown?.(expression.trim(), index)
    return all
  })
}

/** A text's `{{ }}` filled in where known, the rest left as written (for `$page.title`, read before the body). */
export const interpolateText = (text: string, ctx: InterpolationContext): string => fill(text, ctx, (s) => s)

const RAW_TEXT = /^(script|style|textarea|title)$/i

/** The text between the tags of raw HTML filled in (escaped); attributes and script or style text are left alone. */
function fillHtml(html: string, ctx: InterpolationContext, unknown: (expression: string, index: number) => void): string {
  let out = ''
  let last = 0
  let rawUntil: string | undefined
  const text = (from: number, to: number) => fill(html.slice(from, to), ctx, escapeHtml, (e, i) => unknown(e, from + i))
  for (const tag of tagsOf(html)) {
    if (rawUntil) {
      if (tag.closing && tag.name.toLowerCase() === rawUntil) rawUntil = undefined
      else continue
      out += html.slice(last, tag.end)
    } else {
      out += text(last, tag.start) + tag.raw
      if (!tag.closing && !tag.selfClosing && RAW_TEXT.test(tag.name)) rawUntil = tag.name.toLowerCase()
    }
    last = tag.end
  }
  return out + (rawUntil ? html.slice(last) : text(last, html.length))
}

/**
 * Fill in `{{ $frontmatter.x }}`, `{{ $page.title }}`, `{{ $page.frontmatter.x }}`,
 * `{{ $site.title }}` and `{{ $site.description }}` in the page's text and raw HTML, outside code,
 * inline code and `::: v-pre`. Any other expression stays as written, with a warning.
 */
export function interpolate(tree: Root, ctx: InterpolationContext, file: string): BuildWarning[] {
  const warnings: BuildWarning[] = []
  const report = (node: Nodes, value: string) => (expression: string, index: number) =>
    warnings.push(warning('InterpolationUnknown', { expression }, locationIn(node, value, index, file)))
  visitCompiled(tree, 'heading', (node) => {
    if (node.children.some((c) => c.type === 'text' && c.value.includes('{{'))) keepWrittenSlugText(node)
  })
  visitCompiled(tree, 'text', (node) => {
    node.value = fill(node.value, ctx, (s) => s, report(node, node.value))
  })
  visitCompiled(tree, 'html', (node) => {
    if (node.value.includes('{{')) node.value = fillHtml(node.value, ctx, report(node, node.value))
  })
  return warnings
}
