import { DARK_CLASS } from '../../shared/markup.js'

/*
 * What of a page's markup its critical CSS depends on (see `critical-css.ts`): the tags, classes
 * and ids it holds, whether it holds a declarative shadow root, and the custom properties its
 * inline styles read. The parse threads take these of each page's body as they write it
 * (`markupFacts`), so the render reads only the layout around the body (`CriticalCss.forHtml`).
 */

/** Stands for a declarative shadow root (`<template shadowrootmode>`): rules on shadow parts need one. */
export const SHADOW_TOKEN = '<shadowroot>'
const SHADOW_ROOT = /<template[^>]*\sshadowrootmode=/i
export const VAR_REF = /var\(\s*(--[-\w]+)/g

/** The tokens of one start tag: its name (lower case), then its classes and id. */
function tagTokens(name: string, attrs: string): string[] {
  const out = [name.toLowerCase()]
  for (const a of attrs.matchAll(/\s(class|id)=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
    const value = a[2] ?? a[3] ?? a[4] ?? ''
    if (a[1] === 'id') out.push('#' + value)
    else for (const c of value.split(/\s+/)) if (c) out.push('.' + c)
  }
  return out
}

/**
 * Start tags read before, with their tokens: pages repeat the same tags by the hundred
 * (`<span class="hljs-string">`, the layout's), and reading each once halves the time.
 * Cleared when full, so a build of any size holds at most this many.
 */
const tagMemo = new Map<string, string[]>()
const TAG_MEMO_MAX = 50_000
const CLASS_OR_ID = /\s(?:class|id)=/

/**
 * A copy of `text` that keeps nothing else alive: a piece of a page's HTML (a regular
 * expression's match, a split) may be a view of the whole page's text, and a memo of views kept
 * every page they came from (190 MiB more at 10,000 pages).
 */
const detached = (text: string): string => (' ' + text).slice(1)

/** The tags (`div`), classes (`.x`) and ids (`#x`) present in an HTML document. */
export function htmlTokens(html: string): Set<string> {
  const tokens = new Set<string>(['html', 'head', 'body', '.' + DARK_CLASS])
  const tag = /<([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    if (!m[2] || !CLASS_OR_ID.test(m[2])) {
      tokens.add(m[1].toLowerCase())
      continue
    }
    let found = tagMemo.get(m[0])
    if (!found) {
      if (tagMemo.size >= TAG_MEMO_MAX) tagMemo.clear()
      tagMemo.set(detached(m[0]), (found = tagTokens(m[1], m[2]).map(detached)))
    }
    for (const t of found) tokens.add(t)
  }
  return tokens
}

/** The custom properties the page's `style` attributes read (`var(--x)`), distinct and sorted. */
export function inlineStyleReads(html: string): string[] {
  const out = new Set<string>()
  for (const m of html.matchAll(/\sstyle=(?:"([^"]*)"|'([^']*)')/g)) for (const ref of (m[1] ?? m[2] ?? '').matchAll(VAR_REF)) out.add(ref[1])
  return [...out].sort()
}

/** The tokens of `html` (`htmlTokens`, with `SHADOW_TOKEN` when it holds a shadow root). */
export function markupTokens(html: string): Set<string> {
  const tokens = htmlTokens(html)
  if (SHADOW_ROOT.test(html)) tokens.add(SHADOW_TOKEN)
  return tokens
}

/** A body's markup facts, as the parse hands them on: each list space-separated (no token holds a space). */
export interface MarkupFacts {
  tokens: string
  styles: string
}

export function markupFacts(html: string): MarkupFacts {
  return { tokens: [...markupTokens(html)].join(' '), styles: inlineStyleReads(html).join(' ') }
}
