import { describe, expect, it } from 'vitest'
import { burst, step, BURST, MAX_SPEED, MIN_SPEED } from '../../src/client/widgets/click-effect/particles.js'
import { DEMO_MESSAGE, demoCsp, demoDocument } from '../../src/client/widgets/demo/srcdoc.js'
import { DEMO_BOOT } from '../../src/shared/widgets/demo-boot.js'
import { GptnotesError } from '../../src/render/errors/index.js'
import { parsePage } from '../../src/render/content/parse-page.js'
import { TAG_PALETTE } from '../../src/shared/tag-color.js'
import { thrownBy } from '../helpers/thrown.js'

const page = (body: string) => parsePage({ relativePath: 'a.md', source: `---\ntitle: 演示\n---\n\n${body}` }, { base: '/gpt/' })
/** An attribute value as a browser reads it (hast-util-to-html writes these references). */
const decodeAttr = (s: string) => s.replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16))).replace(/&amp;/g, '&')
const propsOf = (html: string) => JSON.parse(decodeAttr(/data-island="demo" data-island-props="([^"]*)"/.exec(html)![1])) as { title: string; slots: unknown[]; scripts?: { boot: string; js?: string } }
/** The catalogue error a page raises, as `Code file:line:column`. */
const failure = (body: string): string => {
  const err = thrownBy(() => page(body), GptnotesError)
  return `${err.code} ${err.loc?.file}:${err.loc?.line}:${err.loc?.column}`
}

const DEMO = ['::: demo 点一下按钮', '```html', '<button id="b">点我</button>', '```', '```js', "document.getElementById('b').onclick = () => {}", '```', '```css', 'button { color: red; }', '```', ':::'].join('\n')

describe('::: demo: parsing and the fallback', () => {
  it('is an island whose props are the description, each slot in the order written, and the script files its frame loads', () => {
    const out = page(DEMO)
    expect(out.islands).toEqual(['demo'])
    const props = propsOf(out.html)
    expect(props).toEqual({
      title: '点一下按钮',
      slots: [
        { lang: 'html', code: '<button id="b">点我</button>' },
        { lang: 'js', code: "document.getElementById('b').onclick = () => {}" },
        { lang: 'css', code: 'button { color: red; }' },
      ],
      scripts: { boot: expect.stringMatching(/^\/gpt\/assets\/demo\/boot\.\w{8}\.js$/), js: expect.stringMatching(/^\/gpt\/assets\/demo\/\w{8}\.js$/) },
    })
    // The page brings those files to the output: the js slot as written, and the frame's boot script.
    expect(out.files).toEqual({ [props.scripts!.boot.slice('/gpt/'.length)]: DEMO_BOOT, [props.scripts!.js!.slice('/gpt/'.length)]: "document.getElementById('b').onclick = () => {}" })
    expect(out.warnings).toBeUndefined()
  })

  it('names a js file by its code: equal demos share one, another gets its own; a demo without js has only the boot script', () => {
    const twice = page(`${DEMO}\n\n${DEMO}\n\n::: demo\n\`\`\`js\nconsole.log(2)\n\`\`\`\n:::\n\n::: demo\n\`\`\`html\n<p>x</p>\n\`\`\`\n:::`)
    const all = [...twice.html.matchAll(/data-island-props="([^"]*)"/g)].map((m) => (JSON.parse(decodeAttr(m[1])) as { scripts: { boot: string; js?: string } }).scripts)
    expect(all[0]).toEqual(all[1])
    expect(all[2].js).not.toBe(all[0].js)
    expect(all[3]).toEqual({ boot: all[0].boot })
    expect(Object.keys(twice.files!)).toHaveLength(3)
  })

  it('warns at the line of an inline script or event handler in the html slot, which the site policy would not run', () => {
    const at = (body: string) => page(body).warnings?.map((w) => `${w.code} ${w.loc?.file}:${w.loc?.line}:${w.loc?.column} ${w.message}`)
    // The frontmatter takes lines 1–4: the block starts on line 5, its html on line 7.
    expect(at('::: demo\n```html\n<p>x</p>\n<button onclick="go()">点</button>\n```\n:::')).toEqual([
      "DemoInlineScript content/a.md:8:9 the ::: demo block's html holds an inline event handler (onclick=…), which will not run: the demo's frame runs only the site's script files",
    ])
    expect(at('::: demo\n```html\n<script>go()</script>\n```\n:::')?.[0]).toMatch(/^DemoInlineScript content\/a\.md:7:1 .*a <script> element/)
    expect(at('::: demo\n```html\n<a href="javascript:go()">x</a>\n```\n:::')?.[0]).toMatch(/a javascript: address/)
    // Code in the js slot, or text that only mentions them, is fine.
    expect(at('::: demo\n```html\n<p>Use onclick= in js; write &lt;script&gt;</p>\n```\n```js\ndocument.body.onclick = () => {}\n```\n:::')).toBeUndefined()
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
    expect(propsOf(out.html)).toMatchObject({ title: '示例', slots: [{ lang: 'js', code: 'document.body.textContent = "你好"' }] })
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
    expect(page(DEMO).islands).toEqual(['demo'])
  })

  it('names what it found and how to fix it', () => {
    const e = thrownBy(() => page('::: demo\n```python\nprint(1)\n```\n:::'), GptnotesError)
    expect(e.message).toBe('a ::: demo block may hold only fenced html, js and css blocks, found a ```python block')
    expect(e.hint).toContain('```html, ```js and ```css')
    expect(e.frame).toContain('> 6 | ```python')
  })
})

describe("::: demo: the frame's document", () => {
  const slots = [
    { lang: 'html' as const, code: '<p id="x">你好</p>' },
    { lang: 'css' as const, code: 'p { color: red } /* </style><b>逃逸</b> */' },
    { lang: 'js' as const, code: 'const s = "</script><b>逃逸</b>"; document.title = s' },
  ]
  const scripts = { boot: 'http://127.0.0.1:4173/gpt/assets/demo/boot.AbCd1234.js', js: 'http://127.0.0.1:4173/gpt/assets/demo/EfGh5678.js' }
  const doc = demoDocument(slots, false, scripts)
  const csp = demoCsp(scripts)

  it("starts with a CSP that loads nothing from any host but the site's demo scripts", () => {
    const head = doc.slice(0, doc.indexOf('<style>'))
    expect(head).toContain(`<meta http-equiv="Content-Security-Policy" content="${csp}">`)
    expect(csp).toMatch(/^default-src 'none';/)
    expect(csp).toContain('script-src http://127.0.0.1:4173/gpt/assets/demo/;')
    // No other address, no wildcard, not the site as a whole, no inline script or eval.
    expect(csp.replace('http://127.0.0.1:4173/gpt/assets/demo/', '')).not.toMatch(/https?:|\*|'self'|unsafe-eval/)
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    // The policy comes before anything that could load or run.
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('<script'))
  })

  it('puts the slots in place, loads the js slot as its file, and no slot can end its own element early', () => {
    expect(doc).toContain('<body>\n<p id="x">你好</p>\n')
    expect(doc).toContain('<style>p { color: red } /* <\\/style><b>逃逸</b> */</style>')
    // The frame's boot script first, in the head; the demo's after its markup; neither inline.
    expect(doc).toContain(`<script src="${scripts.boot}"></script></head>`)
    expect(doc).toContain(`<p id="x">你好</p>\n<script src="${scripts.js}"></script>`)
    expect(doc).not.toContain('document.title')
    expect(doc.match(/<script/g)).toHaveLength(2)
    expect(doc).not.toMatch(/<script>/)
  })

  it('carries the colour mode; its boot script reports the height with the demo message', () => {
    expect(demoDocument(slots, true, scripts)).toContain('<html lang="zh-CN" class="dark">')
    expect(doc).toContain('<html lang="zh-CN">')
    expect(DEMO_BOOT).toContain(JSON.stringify(DEMO_MESSAGE))
    expect(DEMO_BOOT).toMatch(/parent\.postMessage\(\{type:T,height:h\},"\*"\)/)
  })

  it('leaves out a slot that is not there', () => {
    const only = demoDocument([{ lang: 'html', code: '<p>x</p>' }], false, { boot: scripts.boot })
    expect(only.match(/<script/g)).toHaveLength(1)
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
