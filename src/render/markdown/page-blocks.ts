import type { Html, Root } from 'mdast'
import { CONTENT_SELECTOR } from '../../shared/markup.js'
import { warning, type BuildWarning } from '../errors/index.js'
import { locationIn } from './vue-walk.js'
import { visit } from './visit.js'

/** What a site keeps of its pages' own `<script>` and `<style>` blocks (`markdown` in the config). */
export interface PageBlockOptions {
  pageScripts?: boolean
  pageStyles?: boolean
}

/*
 * A VuePress page is a Vue component: an HTML block that starts with `<script>` or `<style>` was
 * hoisted out of the page into that component (@vuepress/markdown lib/hoist.js). Written into the
 * page as it stands, the script would run as a script of the page (its hash allowed by the
 * Content-Security-Policy like the site's own), and the style, meant for one component, would
 * restyle the whole theme. So both are left out with a warning, unless the site asks to keep its
 * own; a kept style is scoped to the article (its rules nested under the article's element), so
 * it cannot restyle the theme either.
 */

const BLOCK_START = /^\s*<(script|style)(?=[\s>/]|$)/i
const STYLE = /<style\b([^>]*)>([\s\S]*?)<\/style\s*>/gi
const LANG = /\slang\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i

/**
 * Whether every `{` of the CSS has its `}` (strings and comments aside): a stray `}` would
 * close the article's rule around the block, and the rules after it would style the whole page.
 */
function bracesPair(css: string): boolean {
  let depth = 0
  for (const c of css.replace(/\/\*[\s\S]*?\*\/|"(?:\\[\s\S]|[^"\\])*"|'(?:\\[\s\S]|[^'\\])*'/g, '')) {
    if (c === '{') depth++
    else if (c === '}' && --depth < 0) return false
  }
  return depth === 0
}

type Refusal = { lang: string; index: number } | { unbalanced: true; index: number }

/** A block's `<style>` elements, each with its rules nested under the article's element; or the first one that cannot be kept so (not plain CSS, or braces that do not pair up). */
function scopedStyles(value: string): { html: string } | Refusal {
  let refused: Refusal | undefined
  const html = value.replace(STYLE, (all, attrs: string, css: string, index: number) => {
    const m = LANG.exec(attrs)
    const lang = (m?.[1] ?? m?.[2] ?? m?.[3] ?? 'css').trim().toLowerCase()
    if (lang !== 'css') refused ??= { lang, index }
    else if (!bracesPair(css)) refused ??= { unbalanced: true, index }
    // CSS nesting: every rule of the block applies inside the article only (a browser without
    // nesting drops the block whole, which leaves the theme as it is).
    return `<style>${CONTENT_SELECTOR}{${css}}</style>`
  })
  return refused ?? { html }
}

/** Leave out (or keep, as the options say) every `<script>` and `<style>` block of the page; returns the warnings. */
export function pageBlocks(tree: Root, options: PageBlockOptions, file: string): BuildWarning[] {
  const warnings: BuildWarning[] = []
  const leaveOut = (node: Html, params: { tag: 'script' | 'style'; lang?: string; unbalanced?: boolean }, index = 0) => {
    warnings.push(warning('PageBlockLeftOut', params, locationIn(node, node.value, index, file)))
    node.value = ''
  }
  visit(tree, (node, parent) => {
    if (node.type === 'code') return 'skip'
    // A block, not a tag inside a paragraph: its parent holds blocks.
    if (node.type !== 'html' || !parent || isPhrasingParent(parent.type)) return
    const start = BLOCK_START.exec(node.value)
    if (!start) return
    const tag = start[1].toLowerCase() as 'script' | 'style'
    const at = start[0].length - start[1].length - 1
    if (tag === 'script') {
      if (!options.pageScripts) leaveOut(node, { tag }, at)
      return
    }
    if (!options.pageStyles) return leaveOut(node, { tag }, at)
    const scoped = scopedStyles(node.value)
    if ('lang' in scoped) leaveOut(node, { tag, lang: scoped.lang }, scoped.index)
    else if ('unbalanced' in scoped) leaveOut(node, { tag, unbalanced: true }, scoped.index)
    else node.value = scoped.html
  })
  return warnings
}

const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'tableCell'])
const isPhrasingParent = (type: string): boolean => PHRASING_PARENTS.has(type)
