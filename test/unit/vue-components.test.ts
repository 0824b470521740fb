import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parsePage, type ParseOptions } from '../../src/render/content/parse-page.js'
import { buildSite } from '../../src/render/build-site.js'
import { BuildCaches } from '../../src/render/build-caches.js'
import { readInitialData } from '../../src/shared/inline-data.js'

/**
 * The Vue bits VuePress 1 and reco 1.x pages hold, read by the parse: `<Badge>` (in the body, the
 * slugs, the headers the sidebar shows and the table of contents), `<ClientOnly>`, `<code-group>`,
 * `{{ }}` interpolation, other components, and the page's own `<script>`/`<style>` blocks.
 */

const SITE = { title: '我的站点', description: '站点简介' }
/** The page's frontmatter takes lines 1–5, so the body starts on line 6. */
const FRONTMATTER = '---\ntitle: 组件\nversion: 2.1\nmeta2: { name: 小明 }\n---\n'
const page = (body: string, options: Partial<ParseOptions> = {}) => parsePage({ relativePath: 'a.md', source: FRONTMATTER + body }, { base: '/gpt/', site: SITE, ...options })
const warningsOf = (body: string, options: Partial<ParseOptions> = {}) => (page(body, options).warnings ?? []).map((w) => `${w.code} ${w.loc?.file}:${w.loc?.line}:${w.loc?.column}`)
/** The text a reader sees of some HTML (tags dropped, references decoded). */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&')

describe('<Badge>', () => {
  it('is drawn as a badge of its type, from its text attribute or its children', () => {
    const { html } = page('版本 <Badge text="beta" type="warning"/> 与 <Badge type="error" vertical="middle">废弃</Badge> 和 <badge text="默认"/> <Badge :text="\'绑定\'"/> <Badge text="a &amp; <b>"/>')
    expect(html).toBe('<p>版本 <span class="badge warning">beta</span> 与 <span class="badge error badge-middle">废弃</span> 和 <span class="badge tip">默认</span> <span class="badge tip">绑定</span> <span class="badge tip">a &amp; &lt;b&gt;</span></p>')
  })

  it('shows its text attribute rather than its children when it has both, as Vue does', () => {
    expect(page('版本 <Badge text="beta">测试版</Badge> 说明').html).toBe('<p>版本 <span class="badge tip">beta</span> 说明</p>')
  })

  it('folds VuePress and reco type names: danger is error, warn is warning, an unknown type is tip', () => {
    const { html } = page('<Badge text="a" type="danger"/> <Badge text="b" type="warn"/> <Badge text="c" type="purple"/> <Badge text="d" vertical="sideways"/>')
    expect([...html.matchAll(/class="([^"]*)"/g)].map((m) => m[1])).toEqual(['badge error', 'badge warning', 'badge tip', 'badge tip'])
  })

  it('is left out of the heading slug as VuePress leaves it (only the text between <Badge> and </Badge> counts)', () => {
    const { html, ids } = page('## API <Badge text="beta"/>\n\n## 配置 <Badge>新</Badge>\n\n### Options <Badge text="1.2+" type="tip"/> <Badge text="deprecated" type="error"/>')
    expect(ids).toEqual(['api', '配置-新', 'options'])
    expect(html).toContain('<h2 id="api"><a class="header-anchor" href="#api" aria-hidden="true" tabindex="-1">#</a>API <span class="badge tip">beta</span></h2>')
  })

  it('comes apart from the title in the headers the sidebar shows, and the page title stays clean', () => {
    const { page: p } = parsePage({ relativePath: 'b.md', source: '# 接口 <Badge text="beta"/>\n\n## API <Badge text="beta" type="warning"/>\n\n### 选项 <Badge>新</Badge> 说明\n' }, { base: '/gpt/' })
    expect(p.title).toBe('接口')
    // The title the layout draws shows the badge, as VuePress's h1 did; its id is VuePress's too.
    expect(p.titleHtml).toBe('接口 <span class="badge tip">beta</span>')
    expect(p.titleId).toBe('接口')
    expect(p.headers).toEqual([
      { level: 2, title: 'API', slug: 'api', badges: [{ text: 'beta', type: 'warning', vertical: 'top' }] },
      { level: 3, title: '选项 说明', slug: '选项-新-说明', badges: [{ text: '新', type: 'tip', vertical: 'top' }] },
    ])
  })

  it('shows as a badge in the table of contents, never as markup', () => {
    const { html } = page('[[toc]]\n\n## API <Badge text="beta"/>\n')
    const toc = /<nav class="table-of-contents"[\s\S]*?<\/nav>/.exec(html)![0]
    expect(toc).toContain('<a href="#api">API <span class="badge tip">beta</span></a>')
    expect(toc).not.toContain('&lt;')
  })
})

describe('<ClientOnly> and <code-group>', () => {
  it('<ClientOnly> renders its children', () => {
    const { html } = page('<ClientOnly>\n\n**只在浏览器里**\n\n</ClientOnly>\n\n前面 <client-only>行内</client-only>')
    expect(html).toContain('<p><strong>只在浏览器里</strong></p>')
    expect(textOf(html)).not.toMatch(/client/i)
    expect(html).toContain('<p>前面 行内</p>')
  })

  it('<code-group> keeps each block a highlighted code block under its title, the active one marked', () => {
    const source = [
      '<code-group>',
      '<code-block title="npm">',
      '```bash',
      'npm install gptnotes',
      '```',
      '</code-block>',
      '',
      '<code-block title="yarn" active>',
      '```bash',
      'yarn add gptnotes',
      '```',
      '</code-block>',
      '</code-group>',
    ].join('\n')
    const { html } = page(source)
    expect(html).not.toContain('```')
    const group = /<div class="code-group" data-code-group="">[\s\S]*<\/div>\n<\/div>/.exec(html)![0]
    expect([...group.matchAll(/<p class="code-group-title">([^<]*)<\/p><div class="code-group-panel"( data-active="")?>\n<div class="language-bash code-block"/g)].map((m) => `${m[1]}${m[2] ? ' (active)' : ''}`)).toEqual(['npm', 'yarn (active)'])
    expect(textOf(group)).toContain('npm install gptnotes')
    expect(textOf(group)).toContain('yarn add gptnotes')
  })
})

describe('{{ }} interpolation', () => {
  it('fills in the frontmatter (nested keys too), the page title and the site title and description, escaped', () => {
    const { html } = page('{{ $frontmatter.title }} v{{ $frontmatter.version }} · {{ $frontmatter.meta2.name }} · {{$page.title}} · {{ $page.frontmatter.version }} · {{ $site.title }} · {{ $site.description }}')
    expect(html).toBe('<p>组件 v2.1 · 小明 · 组件 · 2.1 · 我的站点 · 站点简介</p>')
    const escaped = parsePage({ relativePath: 'c.md', source: '---\ntitle: "<b>粗</b> & 细"\n---\n\n{{ $frontmatter.title }}\n\n<p>{{ $frontmatter.title }}</p>\n' }, { base: '/gpt/' })
    expect(escaped.html).toBe('<p>&#x3C;b>粗&#x3C;/b> &#x26; 细</p>\n<p>&lt;b&gt;粗&lt;/b&gt; &amp; 细</p>')
  })

  it('takes $page.title from the leading h1 when the frontmatter has none, and fills in the h1 itself', () => {
    const { page: p, html } = parsePage({ relativePath: 'd.md', source: '---\nname: 小红\n---\n\n# {{ $frontmatter.name }}的笔记\n\n标题是 {{ $page.title }}\n' }, { base: '/gpt/' })
    expect(p.title).toBe('小红的笔记')
    expect(html).toBe('<p>标题是 小红的笔记</p>')
  })

  it("keeps VuePress's anchor of a heading with {{ }}: made from the text as written", () => {
    const { html, page: p } = page('## {{ $frontmatter.title }}\n\n## 版本 {{ $frontmatter.version }}\n')
    expect(p.headers.map((h) => `${h.slug} ${h.title}`)).toEqual(['frontmatter-title 组件', '版本-frontmatter-version 版本 2.1'])
    expect(html).toContain('<h2 id="frontmatter-title"><a class="header-anchor" href="#frontmatter-title" aria-hidden="true" tabindex="-1">#</a>组件</h2>')
  })

  it('leaves code, inline code and ::: v-pre as written', () => {
    const { html, warnings } = page('`{{ $site.title }}`\n\n```\n{{ $site.title }}\n```\n\n:::v-pre\n{{ $site.title }} and {{ anything }}\n:::\n')
    expect(textOf(html)).not.toContain('我的站点')
    expect(textOf(html).match(/\{\{ \$site\.title \}\}/g)).toHaveLength(3)
    expect(warnings).toBeUndefined()
  })

  it('shows any other expression as written, with a warning at its line and column', () => {
    const body = '前文\n\n价格：{{ price * 2 }} 元\n\n<span>{{ $route.path }}</span>\n\n{{ $page.title.length }}'
    expect(textOf(page(body).html)).toContain('价格：{{ price * 2 }} 元')
    expect(textOf(page(body).html)).toContain('{{ $route.path }}')
    expect(warningsOf(body)).toEqual(['InterpolationUnknown content/a.md:8:4', 'InterpolationUnknown content/a.md:10:7', 'InterpolationUnknown content/a.md:12:1'])
  })
})

describe('other components', () => {
  it('a component gptnotes does not draw shows as its text, with a warning naming its line; HTML stays HTML', () => {
    const body = '<MyWidget foo="1"/>\n\n正文 <my-widget>里面</my-widget> 与 <kbd>Ctrl</kbd>\n\n<div class="note">\n\n**说明**\n\n</div>'
    const { html } = page(body)
    expect(textOf(html)).toContain('<MyWidget foo="1"/>')
    expect(textOf(html)).toContain('正文 <my-widget>里面</my-widget> 与 Ctrl')
    expect(html).toContain('<kbd>Ctrl</kbd>')
    expect(html).toContain('<div class="note">')
    expect(warningsOf(body)).toEqual(['ComponentUnknown content/a.md:6:1', 'ComponentUnknown content/a.md:8:4'])
  })

  it('an autolink at the start of a line stays a link (its name ends in `:`, not as a tag\'s)', () => {
    const { html, warnings } = page('<MAILTO:FOO@BAR.BAZ>\n\n<made-up-scheme://foo,bar>\n\n<Https://example.com/a>')
    expect([...html.matchAll(/<p><a href="[^"]*"[^>]*>([^<]*)<\/a><\/p>/g)].map((m) => m[1])).toEqual(['MAILTO:FOO@BAR.BAZ', 'made-up-scheme://foo,bar', 'Https://example.com/a'])
    expect(warnings).toBeUndefined()
  })

  it('an island (::: demo) and code that mentions a component are untouched', () => {
    const body = '::: demo 按钮\n```html\n<my-button>点</my-button>\n```\n:::\n\n`<MyWidget/>`'
    expect(page(body).warnings).toBeUndefined()
    expect(page(body).islands).toEqual(['demo'])
  })
})

describe("a page's own <script> and <style> blocks", () => {
  const BODY = '正文\n\n<script>\nexport default { data: () => ({ n: 1 }) }\n</script>\n\n<style scoped>\n.title { color: white }\n</style>\n'

  it('are left out, each with a warning at its line', () => {
    const { html } = page(BODY)
    expect(html).toBe('<p>正文</p>\n\n')
    expect(warningsOf(BODY)).toEqual(['PageBlockLeftOut content/a.md:8:1', 'PageBlockLeftOut content/a.md:12:1'])
  })

  it('are kept when the site asks: a style scoped to the article, one in another language still left out', () => {
    const { html, warnings } = page(BODY + '\n<style lang="stylus">\n.a\n  color red\n</style>\n', { markdown: { pageScripts: true, pageStyles: true } })
    expect(html).toContain('<script>\nexport default { data: () => ({ n: 1 }) }\n</script>')
    expect(html).toContain('<style>[data-gn-content]{\n.title { color: white }\n}</style>')
    expect(html).not.toContain('stylus')
    expect(warnings?.map((w) => `${w.code} ${w.loc?.line} ${w.message}`)).toEqual(['PageBlockLeftOut 16 the <style lang="stylus"> block is left out: only plain CSS styles are kept'])
  })

  it('a kept style whose braces do not pair up is left out: a stray } would let its rules out of the article', () => {
    const opted = { markdown: { pageStyles: true } }
    const stray = page('<style>\n.a { color: red } }\nh1 { color: white }\n</style>\n', opted)
    expect(stray.html).toBe('')
    expect(stray.warnings?.map((w) => `${w.code} ${w.loc?.line} ${w.message}`)).toEqual(['PageBlockLeftOut 6 the <style> block is left out: its braces { } do not pair up, so its rules could reach outside the article'])
    // Braces in strings and comments do not count.
    const quoted = page('<style>\n.a::after { content: "}" } /* } */\n</style>\n', opted)
    expect(quoted.html).toBe('<style>[data-gn-content]{\n.a::after { content: "}" } /* } */\n}</style>')
    expect(quoted.warnings).toBeUndefined()
  })
})

describe('in the build', () => {
  const roots: string[] = []
  afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })))
  const SCRIPT = "document.title = '被改了'"
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

  async function build(markdown = '') {
    const root = mkdtempSync(join(tmpdir(), 'gptnotes-vue-'))
    roots.push(root)
    mkdirSync(join(root, 'content'))
    writeFileSync(join(root, 'content/README.md'), `# 首页\n\n站点：{{ $site.title }}\n\n<script>\n${SCRIPT}\n</script>\n`)
    writeFileSync(join(root, 'gptnotes.config.mjs'), `export default { title: '甲站', markdown: ${markdown || '{}'} }\n`)
    return buildSite({ root, out: join(root, 'dist') })
  }

  it("a page's <script> block never enters the Content-Security-Policy unless the site keeps its page scripts", async () => {
    const off = await build()
    expect(off.headers.csp).not.toContain(sha256('\n' + SCRIPT + '\n'))
    expect(off.warnings.map((w) => w.code)).toContain('PageBlockLeftOut')
    const on = await build('{ pageScripts: true }')
    expect(on.headers.csp).toContain(sha256('\n' + SCRIPT + '\n'))
    expect(on.warnings.map((w) => w.code)).not.toContain('PageBlockLeftOut')
  })

  it("a page's headers keep their badges in the data the browser reads (the auto sidebar is rebuilt from them)", async () => {
    const root = mkdtempSync(join(tmpdir(), 'gptnotes-vue-'))
    roots.push(root)
    mkdirSync(join(root, 'content'))
    writeFileSync(join(root, 'content/README.md'), '# 首页\n\n正文。\n')
    writeFileSync(join(root, 'content/api.md'), '# 接口\n\n## API <Badge text="beta" type="warning"/>\n\n## 其他\n')
    writeFileSync(join(root, 'gptnotes.config.mjs'), 'export default {}\n')
    await buildSite({ root, out: join(root, 'dist') })
    const html = readFileSync(join(root, 'dist/api.html'), 'utf8')
    const { route } = readInitialData(/<script id="__GPTNOTES_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1], '')
    const headers = [{ level: 2, title: 'API', slug: 'api', badges: [{ text: 'beta', type: 'warning', vertical: 'top' }] }, { level: 2, title: '其他', slug: '其他' }]
    expect(route.kind === 'article' && route.page.headers).toEqual(headers)
    expect(route.kind === 'article' && route.sidebar).toEqual([{ type: 'link', path: '/api.html', title: '接口', headers }])
    // The server drew the same sidebar: a badge after the heading's title.
    expect(html).toMatch(/<a href="#api"[^>]*>API<span> <span class="badge warning">beta<\/span><\/span><\/a>/)
  })

  it('a change of the site title parses the pages again (the parse cache is keyed by it)', async () => {
    const caches = new BuildCaches()
    const sources = [{ relativePath: 'README.md', source: '# 首页\n\n{{ $site.title }}\n' }]
    const first = await caches.parsePages(sources, { base: '/gpt/', site: { title: '甲', description: '' } })
    const second = await caches.parsePages(sources, { base: '/gpt/', site: { title: '乙', description: '' } })
    expect(first.pages[0].html).toBe('<p>甲</p>')
    expect(second.fresh).toBe(1)
    expect(second.pages[0].html).toBe('<p>乙</p>')
  })
})
