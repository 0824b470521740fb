import { describe, expect, it } from 'vitest'
import { burst, step, BURST, MAX_SPEED, MIN_SPEED } from '../../src/client/widgets/click-effect/particles.js'
import { DEMO_CSP, DEMO_MESSAGE, demoDocument } from '../../src/client/widgets/demo/srcdoc.js'
import { GptnotesError } from '../../src/render/errors/index.js'
import { parsePage } from '../../src/render/parse-page.js'
import { TAG_PALETTE } from '../../src/shared/tag-color.js'

const page = (body: string) => parsePage({ relativePath: 'a.md', source: `---\ntitle: 演示\n---\n\n${body}` }, { base: '/gpt/' })
/** An attribute value as a browser reads it (hast-util-to-html writes these references). */
const decodeAttr = (s: string) => s.replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16))).replace(/&amp;/g, '&')
const propsOf = (html: string) => JSON.parse(decodeAttr(/data-island="demo" data-island-props="([^"]*)"/.exec(html)![1])) as { title: string; slots: unknown[] }
/** The catalogue error a page raises, as `Code file:line:column`. */
const failure = (body: string): string => {
  try {
    page(body)
  } catch (err) {
    if (!(err instanceof GptnotesError)) throw err
    return `${err.code} ${err.loc?.file}:${err.loc?.line}:${err.loc?.column}`
  }
  return 'no error'
}

const DEMO = ['::: demo 点一下按钮', '```html', '<button id="b">点我</button>', '```', '```js', "document.getElementById('b').onclick = () => {}", '```', '```css', 'button { color: red; }', '```', ':::'].join('\n')

describe('::: demo: parsing and the fallback', () => {
  it('is an island whose props are the description and each slot, in the order written', () => {
    const out = page(DEMO)
    expect(out.islands).toEqual(['demo'])
    expect(propsOf(out.html)).toEqual({
      title: '点一下按钮',
      slots: [
        { lang: 'html', code: '<button id="b">点我</button>' },
        { lang: 'js', code: "document.getElementById('b').onclick = () => {}" },
        { lang: 'css', code: 'button { color: red; }' },
      ],
    })
  })

  it('without JavaScript reads as the description and each slot highlighted under its name', () => {
    const { html } = page(DEMO)
    const fallback = html.slice(html.indexOf('<div class="demo-block">'))
    expect(fallback).toMatch(/^<div class="demo-block"><p class="demo-title">点一下按钮<\/p><div data-island-body="">/)
    expect([...fallback.matchAll(/<p class="demo-slot-name">(\w+)<\/p><div class="language-(\w+) code-block"/g)].map((m) => `${m[1]}:${m[2]}`)).toEqual(['HTML:html', 'JS:js', 'CSS:css'])
    // Highlighted at build time, escaped: the demo's markup never becomes the page's.
    expect(fallback).toContain('<span class="hljs-tag">&lt;<span class="hljs-name">button</span>')
    expect(fallback).not.toContain('<button id="b">')
    expect(html).not.toMatch(/<script|<iframe/)
  })

  it('takes js and css alone, javascript as js, and a default description', () => {
    const out = page('::: demo\n```javascript\ndocument.body.textContent = "你好"\n```\n:::')
    expect(propsOf(out.html)).toEqual({ title: '示例', slots: [{ lang: 'js', code: 'document.body.textContent = "你好"' }] })
  })

  it('keeps code with a ::: line when the block is fenced with more colons', () => {
    const out = page(':::: demo 代码里的冒号\n```html\n<pre>\n:::\n</pre>\n```\n::::\n\n后文。')
    expect(propsOf(out.html).slots).toEqual([{ lang: 'html', code: '<pre>\n:::\n</pre>' }])
    expect(out.html).toContain('<p>后文。</p>')
  })

  it('fails the build at the block for a malformed one (lines count from the top of the file)', () => {
    // The frontmatter takes lines 1–4, so the block starts on line 5.
    expect(failure('::: demo 空的\n:::')).toBe('DemoNoCode content/a.md:5:1')
    expect(failure('::: demo 没有结尾\n```html\n<b>x</b>\n```\n\n后文。\n')).toBe('DemoUnclosed content/a.md:5:1')
    expect(failure('::: demo\n```html\n<b>x</b>\n```\n```ts\nlet a = 1\n```\n:::')).toBe('DemoUnknownSlot content/a.md:9:1')
    expect(failure('::: demo\n```\nx\n```\n:::')).toBe('DemoUnknownSlot content/a.md:6:1')
    expect(failure('::: demo\n```html\n<b>x</b>\n```\n说明写在块里。\n:::')).toBe('DemoUnknownSlot content/a.md:9:1')
    expect(failure('::: demo\n```css\na{}\n```\n```css\nb{}\n```\n:::')).toBe('DemoUnknownSlot content/a.md:9:1')
    expect(failure(DEMO)).toBe('no error')
  })

  it('names what it found and how to fix it', () => {
    try {
      page('::: demo\n```python\nprint(1)\n```\n:::')
      expect.unreachable()
    } catch (err) {
      const e = err as GptnotesError
      expect(e.message).toBe('a ::: demo block may hold only fenced html, js and css blocks, found a ```python block')
      expect(e.hint).toContain('```html, ```js and ```css')
      expect(e.frame).toContain('> 6 | ```python')
    }
  })
})

describe("::: demo: the frame's document", () => {
  const slots = [
    { lang: 'html' as const, code: '<p id="x">你好</p>' },
    { lang: 'css' as const, code: 'p { color: red } /* </style><b>逃逸</b> */' },
    { lang: 'js' as const, code: 'const s = "</script><b>逃逸</b>"; document.title = s' },
  ]
  const doc = demoDocument(slots, false)

  it('starts with a CSP that loads nothing from any host', () => {
    const head = doc.slice(0, doc.indexOf('<style>'))
    expect(head).toContain(`<meta http-equiv="Content-Security-Policy" content="${DEMO_CSP}">`)
    expect(DEMO_CSP).toMatch(/^default-src 'none';/)
    expect(DEMO_CSP).not.toMatch(/https?:|\*|'self'|unsafe-eval/)
    // The policy comes before anything that could load or run.
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('<script>'))
  })

  it('puts the slots in place, and no slot can end its own element early', () => {
    expect(doc).toContain('<body>\n<p id="x">你好</p>\n')
    expect(doc).toContain('<style>p { color: red } /* <\\/style><b>逃逸</b> */</style>')
    expect(doc).toContain('<script>const s = "<\\/script><b>逃逸</b>"; document.title = s</script>')
    // Exactly two scripts end: the frame's own, then the demo's.
    expect(doc.match(/<\/script>/g)).toHaveLength(2)
  })

  it('carries the colour mode and reports its height with the demo message', () => {
    expect(demoDocument(slots, true)).toContain('<html lang="zh-CN" class="dark">')
    expect(doc).toContain('<html lang="zh-CN">')
    expect(doc).toContain(JSON.stringify(DEMO_MESSAGE))
    expect(doc).toMatch(/parent\.postMessage\(\{type:T,height:h\},"\*"\)/)
  })

  it('leaves out a slot that is not there', () => {
    const only = demoDocument([{ lang: 'html', code: '<p>x</p>' }], false)
    expect(only.match(/<script>/g)).toHaveLength(1)
    expect(only.match(/<style>/g)).toHaveLength(1)
  })
})

describe('click effect particles', () => {
  it('a burst is 10 particles at the press, flying upwards at 1 to 6 px a frame, in the accent palette', () => {
    const particles = burst(100, 200, 2, TAG_PALETTE)
    expect(particles).toHaveLength(BURST)
    expect(BURST).toBe(10)
    for (const p of particles) {
      expect([p.x, p.y, p.size]).toEqual([100, 200, 2])
      expect(p.speed).toBeGreaterThanOrEqual(MIN_SPEED)
      expect(p.speed).toBeLessThanOrEqual(MAX_SPEED)
      expect(Math.abs(p.angle - Math.PI)).toBeLessThanOrEqual(1)
      expect(TAG_PALETTE).toContain(p.color)
    }
  })

  it('rise, fall back and leave by the bottom edge; off the left or right edge they go at once', () => {
    let particles = burst(400, 300, 2, TAG_PALETTE, () => 0.5)
    particles = step(particles, 800, 600)
    expect(particles[0].y).toBeLessThan(300)
    let frames = 1
    while (particles.length && frames < 1000) {
      particles = step(particles, 800, 600)
      frames++
    }
    expect(particles).toEqual([])
    expect(frames).toBeLessThan(120)
    expect(step(burst(0, 300, 2, TAG_PALETTE, () => 0.99), 800, 600)).toEqual([])
    expect(step(burst(800, 300, 2, TAG_PALETTE, () => 0), 800, 600)).toEqual([])
  })
})
