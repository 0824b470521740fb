import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { CriticalCss, declarations, parseCss, printCss, selectorNeeds } from '../../src/render/bundle/critical-css.js'
import { htmlTokens, markupFacts } from '../../src/render/bundle/markup-tokens.js'

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

  it('holds no page it has read: a build renders thousands, and its memory must not grow with them', () => {
    // What V8 collects is seen only after a collection: its `gc` function, from a context of its own.
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const pageOf = (n: number) => `<main class="page-${n}-main">${`<span class="token-${n}-${'x'.repeat(20)}">a</span><p>${'字'.repeat(400)}</p>`.repeat(200)}</main>`
    htmlTokens(pageOf(-1))
    gc()
    const before = process.memoryUsage().heapUsed
    // 100 pages of about 0.2 MB of text each (twice that in memory): kept, they would hold 40 MB.
    for (let n = 0; n < 100; n++) expect(htmlTokens(pageOf(n)).has(`.token-${n}-${'x'.repeat(20)}`)).toBe(true)
    gc()
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(8 * 1024 * 1024)
  })

  it('keeps the rules that can match, in their order, inside their media queries; drops the others and empty media queries', () => {
    const css = ':root{--a:1}@font-face{font-family:x;src:url(a.woff2)}p{color:red;width:var(--a)}.gone,.kept{color:blue}@media (max-width:600px){.gone{top:0}p::before{content:"}{"}}@media print{.gone{x:y}}@keyframes k{0%{opacity:0}to{opacity:1}}'
    expect(new CriticalCss(css).forHtml('<p class="kept">x</p>')).toBe(
      ':root{--a:1}@font-face{font-family:x;src:url(a.woff2)}p{color:red;width:var(--a)}.kept{color:blue}@media (max-width:600px){p::before{content:"}{"}}',
    )
  })

  it('leaves to the stylesheet what only a reader brings about: hover, focus and press states, the shadow parts the client makes, transitions and cursors', () => {
    const css = 'a{color:red;transition:color .2s;cursor:pointer}a:hover,a:focus-visible{color:blue}.b:active{top:1px}.c::part(copy){top:0}.c:focus-within .d{x:y}.e:not(:focus){left:0}.f-hover{right:0}'
    expect(new CriticalCss(css).forHtml('<a class="c f-hover"><i class="d e"></i></a>')).toBe('a{color:red}.e:not(:focus){left:0}.f-hover{right:0}')
    // A shadow root in the HTML itself is painted first: its parts' rules stay.
    expect(new CriticalCss(css).forHtml('<a class="c"><template shadowrootmode="open"><b part="copy"></b></template></a>')).toBe('a{color:red}.c::part(copy){top:0}')
  })

  it('drops what a later rule for the same selector sets again (the property or a shorthand of it), unless only the earlier one is important; a fallback in one rule stays', () => {
    const css = '.a,.b{color:red;margin:0;padding:1px}.a{color:blue;margin:1px!important}.b{color:green}.a{margin:2px;content:"x";content:"y"}'
    expect(new CriticalCss(css).forHtml('<p class="a b">x</p>')).toBe('.a,.b{margin:0;padding:1px}.a{color:blue;margin:1px!important}.b{color:green}.a{margin:2px;content:"x";content:"y"}')
    // A shorthand sets its longhands: a later `padding` overrides an earlier `padding-left`, not the other way round.
    expect(new CriticalCss('.a{padding-left:1px;border-top-color:red;font-size:2px}.a{padding:0;border-top:0;font-weight:700}.a{padding-top:3px}').forHtml('<p class="a">x</p>')).toBe(
      '.a{font-size:2px}.a{padding:0;border-top:0;font-weight:700}.a{padding-top:3px}',
    )
  })

  it('keeps the custom properties the kept rules or the inline styles read, and the keyframes the kept rules run', () => {
    const css = ':root{--a:1px;--b:var(--c);--c:red;--d:blue;--e:0;--f:2px}html.dark{--c:pink;--d:navy}p{margin:var(--a);color:var(--b)}.x{top:var(--e)}@keyframes k{0%{opacity:0}}@keyframes j{0%{opacity:0}}.p{animation:k 1s}@media (prefers-reduced-motion:reduce){p,.p{animation:none}}'
    expect(new CriticalCss(css).forHtml('<p style="width:var(--f)">x</p>')).toBe(':root{--a:1px;--b:var(--c);--c:red;--f:2px}html.dark{--c:pink}p{margin:var(--a);color:var(--b)}')
    expect(new CriticalCss(css).forHtml('<p class="p">x</p>')).toBe(
      ':root{--a:1px;--b:var(--c);--c:red}html.dark{--c:pink}p{margin:var(--a);color:var(--b)}@keyframes k{0%{opacity:0}}.p{animation:k 1s}@media (prefers-reduced-motion:reduce){p,.p{animation:none}}',
    )
  })

  it('gives pages whose inline styles set different values the same CSS, and one whose style reads a property that property, on one sheet', () => {
    const css = ':root{--f:2px;--g:3px}p{margin:0}'
    const sheet = new CriticalCss(css)
    // Tags' colours differ page to page: what a style sets changes nothing.
    const plain = sheet.forHtml('<p style="--tag-color:#111">x</p>')
    expect(plain).toBe('p{margin:0}')
    expect(sheet.forHtml('<p style="--tag-color:#222">y</p>')).toBe(plain)
    // What a style reads is kept, page by page, whatever the pages before it were.
    expect(sheet.forHtml('<p style="--tag-color:#333;width:var(--f)">z</p>')).toBe(':root{--f:2px}p{margin:0}')
    expect(sheet.forHtml("<p style='height:var(--g)'>w</p>")).toBe(':root{--g:3px}p{margin:0}')
    expect(sheet.forHtml('<p style="--tag-color:#111">x</p>')).toBe(plain)
  })

  it('takes the facts of a body left out of the page, read where the body was written, and reads only the layout around it', () => {
    const css = ':root{--f:2px;--g:3px}main{margin:0}.layout{top:0}.lead{left:0}.c::part(copy){right:0}.only-said{bottom:0}p{width:var(--g)}'
    const body = '<p class="lead" style="height:var(--f)">正文</p><div class="c"><template shadowrootmode="open"><b part="copy"></b></template></div>'
    const layout = (inside: string) => `<main class="layout">${inside}</main>`
    const sheet = new CriticalCss(css)
    // The facts of the body, read apart, give what reading the whole page gives.
    const whole = sheet.forHtml(layout(body))
    expect(whole).toBe(':root{--f:2px;--g:3px}main{margin:0}.layout{top:0}.lead{left:0}.c::part(copy){right:0}p{width:var(--g)}')
    expect(new CriticalCss(css).forHtml(layout(''), markupFacts(body))).toBe(whole)
    // The body itself is not read: what its facts say is what counts.
    const said = { tokens: 'p .only-said', styles: '' }
    expect(new CriticalCss(css).forHtml(layout(''), said)).toBe(':root{--g:3px}main{margin:0}.layout{top:0}.only-said{bottom:0}p{width:var(--g)}')
    // Without facts, the layout alone keeps the layout's rules only.
    expect(new CriticalCss(css).forHtml(layout(''))).toBe('main{margin:0}.layout{top:0}')
  })

  it("reads a rule's declarations at its top-level semicolons", () => {
    expect(declarations('color: red; background:url("a;b") x;--Mixed: 1; margin:0 !important;').map((d) => [d.prop, d.text, d.important])).toEqual([
      ['color', 'color: red', false],
      ['background', 'background:url("a;b") x', false],
      ['--Mixed', '--Mixed:1', false],
      ['margin', 'margin:0 !important', true],
    ])
  })

  it("reads the whole theme: written back, the output is the theme's CSS", () => {
    const squash = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, '')
    expect(squash(printCss(parseCss(THEME)))).toBe(squash(THEME))
    expect(parseCss(THEME).length).toBeGreaterThan(100)
  })
})
