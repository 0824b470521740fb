import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { SiteContext } from '../../src/client/context.js'
import { GlobalOverlay } from '../../src/client/overlay/global-overlay.js'
import { WIDGETS } from '../../src/client/widgets/registry.js'
import { WidgetSlot } from '../../src/client/widgets/widget-slot.js'
import { CONTAINERS, containerKind, normalizeContainers } from '../../src/render/markdown/containers.js'
import { islandMarker, islandsOf } from '../../src/render/markdown/islands.js'
import { parseMarkdown } from '../../src/render/markdown/parse-markdown.js'
import { mdastToHtml } from '../../src/render/markdown/to-html.js'
import { parsePage } from '../../src/render/content/parse-page.js'
import type { ClientSite } from '../../src/shared/types.js'

const html = (md: string) => mdastToHtml(parseMarkdown(md))
/** An attribute value as a browser reads it (hast-util-to-html writes these references). */
const decodeAttr = (s: string) => s.replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16))).replace(/&amp;/g, '&')
const propsOf = (out: string) => JSON.parse(decodeAttr(/data-island-props="([^"]*)"/.exec(out)![1])) as unknown

describe('container table', () => {
  it('lists every container once; those with a default title have one in Chinese and in English', () => {
    const names = CONTAINERS.map((c) => c.name)
    expect(names).toEqual(['tip', 'warning', 'danger', 'details', 'theorem', 'right', 'v-pre', 'info', 'note', 'spoiler', 'demo'])
    expect(new Set(names).size).toBe(names.length)
    for (const c of CONTAINERS) if (c.title) expect([c.title.zh, c.title.en]).not.toContain('')
    // Blocks that show no title of their own unless the author writes one (as reco and VuePress draw them).
    expect(CONTAINERS.filter((c) => !c.title).map((c) => c.name)).toEqual(['theorem', 'right', 'v-pre'])
    expect(containerKind('tip')?.title).toEqual({ zh: '提示', en: 'TIP' })
    expect(containerKind('nope')).toBeUndefined()
  })

  it('the normaliser rewrites the opening line of every container in the table, and nothing else', () => {
    for (const { name } of CONTAINERS) expect(normalizeContainers(`::: ${name} 标题 [1]\n正文\n:::`)).toBe(`:::${name}[标题 \\[1\\]]\n正文\n:::`)
    expect(normalizeContainers('::: tip\nx\n:::')).toBe(':::tip\nx\n:::')
    // Any other name too (shown in a plain box, with a warning): no block is left as literal colons.
    expect(normalizeContainers('::: unknown 标题\nx\n:::')).toBe(':::unknown[标题]\nx\n:::')
    // A name micromark cannot read is carried in an attribute of a stand-in.
    expect(normalizeContainers('::: 注意 标题\nx\n:::')).toBe(`:::x-container[标题]{name="${encodeURIComponent('注意')}"}\nx\n:::`)
    expect(normalizeContainers('```\n::: tip 代码\n```')).toBe('```\n::: tip 代码\n```')
  })

  it('keeps the HTML of the existing containers', () => {
    expect(html('::: tip\n默认。\n:::')).toBe('<div class="custom-block tip"><p class="custom-block-title">提示</p><p>默认。</p></div>')
    expect(html('::: note\nx\n:::')).toBe('<div class="custom-block note"><p class="custom-block-title">注意</p><p>x</p></div>')
    expect(html('::: info 自定\nx\n:::')).toBe('<div class="custom-block info"><p class="custom-block-title">自定</p><p>x</p></div>')
    expect(html('::: details 展开\nx\n:::')).toBe('<details class="custom-block details"><summary>展开</summary><p>x</p></details>')
    // A name outside the table reads as a plain block, its name in a data attribute (never the class list).
    expect(html(':::foo\nz\n:::')).toBe('<div class="custom-block" data-container="foo"><p>z</p></div>')
  })
})

describe('islands', () => {
  it('writes a spoiler as a marker around a readable <details> fallback, its body marked', () => {
    expect(html('::: spoiler 第一题\n**x** = 1\n:::')).toBe(
      '<div data-island="spoiler" data-island-props="{&#x22;title&#x22;:&#x22;第一题&#x22;}">' +
        '<details class="custom-block spoiler"><summary>第一题</summary><div data-island-body=""><p><strong>x</strong> = 1</p></div></details></div>',
    )
    expect(propsOf(html('::: spoiler\n答\n:::'))).toEqual({ title: '答案' })
  })

  it('escapes the props so any title survives the attribute', () => {
    const title = `a"b'c<d>&e`
    const out = html(`:::spoiler[${title}]\nx\n:::`)
    expect(propsOf(out)).toEqual({ title })
    // The attribute ends where the marker does: no quote of the title leaked out of it.
    expect(out).toMatch(/^<div data-island="spoiler" data-island-props="[^"]*"><details /)
  })

  it('islandMarker wraps any fallback', () => {
    const fallback = { type: 'element' as const, tagName: 'p', properties: {}, children: [] }
    expect(islandMarker('x', { n: 1 }, fallback)).toEqual({ type: 'element', tagName: 'div', properties: { dataIsland: 'x', dataIslandProps: '{"n":1}' }, children: [fallback] })
  })

  it('records the islands a page uses, each once, also inside other containers', () => {
    expect(islandsOf(parseMarkdown('::: tip\n::: spoiler\na\n:::\n:::\n\n::: spoiler\nb\n:::'))).toEqual(['spoiler'])
    expect(islandsOf(parseMarkdown('::: tip\nx\n:::\n\n```\n::: spoiler\n```'))).toEqual([])
    const page = (source: string) => parsePage({ relativePath: 'a.md', source }, { base: '/gpt/' })
    expect(page('# A\n\n::: spoiler\n答\n:::').islands).toEqual(['spoiler'])
    expect(page('# A\n\n正文').islands).toEqual([])
  })

  it('every island has a client entry of the same name in the widget registry', () => {
    for (const c of CONTAINERS.filter((k) => k.island)) expect(Object.keys(WIDGETS)).toContain(c.name)
  })
})

describe('widget slots on the server', () => {
  it('a slot is an empty placeholder named by its widget; a name the registry lacks renders nothing', () => {
    expect(renderToString(createElement(WidgetSlot, { name: 'spoiler', props: { a: 1 } }))).toBe('<div class="widget-slot" data-widget="spoiler"></div>')
    expect(renderToString(createElement(WidgetSlot, { name: 'no-such-widget' }))).toBe('')
  })

  it('the overlay renders slots only for the overlay widgets the route names and the registry knows', () => {
    const overlayWidget = { placement: 'overlay' as const }
    const widgets = { mascot: overlayWidget, 'click-effect': overlayWidget, 'no-such-widget': overlayWidget, valine: { placement: 'article-end' as const } }
    const site: ClientSite = { title: '', description: '', base: '/gpt/', nav: [], smoothScroll: true, lastUpdated: false, routesUrl: '', widgets }
    const overlay = (widgets?: string[]) => renderToString(createElement(SiteContext.Provider, { value: site }, createElement(GlobalOverlay, { route: { widgets } })))
    expect(overlay()).toContain('back-to-top')
    expect(overlay()).not.toContain('widget-slot')
    // Each named widget gets an empty placeholder, filled after hydration.
    expect(overlay(['mascot'])).toContain('<div class="widget-slot" data-widget="mascot"></div>')
    expect(overlay(['mascot', 'click-effect'])).toContain('<div class="widget-slot" data-widget="click-effect"></div>')
    expect(overlay(['no-such-widget'])).not.toContain('widget-slot')
    // A comment widget's slot is the article's, never the overlay's.
    expect(overlay(['valine'])).not.toContain('widget-slot')
  })
})
