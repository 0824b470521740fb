import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CriticalCss, htmlTokens, parseCss, selectorNeeds } from '../../src/render/bundle/critical-css.js'

const THEME = ['base.css', 'theme.css'].map((f) => readFileSync(join(import.meta.dirname, '../../src/client/styles', f), 'utf8')).join('\n')

describe("a page's critical CSS", () => {
  it('needs the tags, classes and ids a selector names, not its states, attributes or negations', () => {
    expect(selectorNeeds('html:not(.dark) .theme-toggle .icon-sun')).toEqual(['html', '.theme-toggle', '.icon-sun'])
    expect(selectorNeeds('.nav-link[aria-current="page"]:hover')).toEqual(['.nav-link'])
    expect(selectorNeeds('a::after')).toEqual(['a'])
    expect(selectorNeeds(':root')).toEqual([])
    expect(selectorNeeds('*')).toEqual([])
    expect(selectorNeeds('.x:is(.a, .b) > p:first-child')).toEqual(['.x', 'p'])
    expect(selectorNeeds('#main-content H2 + p')).toEqual(['#main-content', 'h2', 'p'])
  })

  it('reads the tags, classes and ids of the markup, and counts the dark class on <html> as present (set before the paint)', () => {
    const tokens = htmlTokens('<main id="m" class="a  b"><p class=c>x</p><svg viewBox="0 0 1 1"></svg></main>')
    for (const t of ['main', '#m', '.a', '.b', '.c', 'p', 'svg', 'html', 'body', '.dark']) expect(tokens.has(t), t).toBe(true)
    expect(tokens.has('.x')).toBe(false)
  })

  it('keeps the rules that can match, in their order, inside their media queries; drops the others and empty media queries', () => {
    const css = ':root{--a:1}@font-face{font-family:x;src:url(a.woff2)}p{color:red}.gone,.kept{color:blue}@media (max-width:600px){.gone{top:0}p::before{content:"}{"}}@media print{.gone{x:y}}@keyframes k{0%{opacity:0}to{opacity:1}}'
    expect(new CriticalCss(css).forHtml('<p class="kept">x</p>')).toBe(
      ':root{--a:1}@font-face{font-family:x;src:url(a.woff2)}p{color:red}.kept{color:blue}@media (max-width:600px){p::before{content:"}{"}}@keyframes k{0%{opacity:0}to{opacity:1}}',
    )
  })

  it("reads the whole theme: with every rule kept, the output is the theme's CSS", () => {
    const critical = new CriticalCss(THEME)
    const everything = (critical as unknown as { emit(n: unknown, t: { has(): boolean }): string; nodes: unknown }).emit((critical as unknown as { nodes: unknown }).nodes, { has: () => true })
    const squash = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, '')
    expect(squash(everything)).toBe(squash(THEME))
    expect(parseCss(THEME).length).toBeGreaterThan(100)
  })
})
