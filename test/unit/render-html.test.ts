import { describe, expect, it } from 'vitest'
import type { ClientBundle } from '../../src/render/bundle/bundle.js'
import { pageChunks } from '../../src/render/chunks/page-chunks.js'
import { clientSiteOf } from '../../src/render/site/client-site.js'
import { CLIENT_LOADER_SCRIPT } from '../../src/render/bundle/client-loader.js'
import { renderDocuments } from '../../src/render/emit/render-html.js'
import { buildRoutes } from '../../src/render/site/routes.js'
import { buildSiteData } from '../../src/render/site/site-data.js'
import { readInitialData } from '../../src/shared/inline-data.js'
import type { InitialData, SiteConfig } from '../../src/shared/types.js'
import { parsedPages, siteConfig } from '../helpers/stage-data.js'

const BUNDLE: ClientBundle = { files: [], entry: 'assets/js/main.AAAAAAAA.js', preload: ['assets/js/chunk.BBBBBBBB.js', 'assets/js/chunk.CCCCCCCC.js'], listLayouts: ['assets/js/list-layouts.EEEEEEEE.js'], styles: 'body{color:#123}', firstLoadSources: [], stylesheet: 'assets/css/theme.FFFFFFFF.css' }

async function documents(changes: Partial<SiteConfig> = {}) {
  const config = await siteConfig({ title: '站点', description: '站点简介', ...changes })
  const parsed = parsedPages({
    'README.md': '---\nhome: true\n---\n\n欢迎。\n',
    'a.md': '---\ntitle: 文章 <甲>\ndescription: 讲 "引号" 与 <b>\nmeta:\n  - name: keywords\n    content: 教程\n---\n\n## 小节\n\n正文段落。\n',
  })
  const table = buildRoutes(buildSiteData(config, parsed), parsed)
  const chunks = pageChunks(table, new Map(), config.base)
  const site = clientSiteOf(config, '/gpt/assets/js/routes.DDDDDDDD.js', {})
  return new Map(renderDocuments(table, chunks, { config, site, bundle: BUNDLE, bodyEnd: '<!--end-->' }))
}
const inline = (html: string) => JSON.parse(/<script id="__GPTNOTES_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]) as InitialData

describe('the render stage (HTML documents)', () => {
  it('writes one complete document per route and the not-found page', async () => {
    const docs = await documents()
    expect([...docs.keys()]).toEqual(expect.arrayContaining(['index.html', 'a.html', 'tag/index.html', 'timeline/index.html', '404.html']))
    for (const [file, html] of docs) {
      expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="zh-CN">/)
      // The theme's styles (the page's share) are in the head; no stylesheet, module script or
      // preload is fetched before the loader at the end of the body starts the client (and adds
      // the theme's whole stylesheet).
      expect(html).toMatch(/<head>[\s\S]*<style>body\{color:#123\}<\/style>[\s\S]*<\/head>/)
      expect(html).not.toMatch(/<link[^>]+rel="(stylesheet|modulepreload|preload)"/)
      expect(html).not.toMatch(/<script[^>]+type="module"/)
      // The home page and the lists preload their layouts' chunk too; an article and 404 do not.
      // The preloads are named relative to the entry's folder, which the loader resolves them against.
      const lists = file === 'a.html' || file === '404.html' ? '' : ' list-layouts.EEEEEEEE.js'
      expect(html).toContain(
        `<script data-entry="/gpt/assets/js/main.AAAAAAAA.js" data-preload="chunk.BBBBBBBB.js chunk.CCCCCCCC.js${lists}" data-style="/gpt/assets/css/theme.FFFFFFFF.css">${CLIENT_LOADER_SCRIPT}</script><!--end-->\n</body>`,
      )
    }
  })

  it('keeps a style element whole when the CSS holds "</style"', async () => {
    const config = await siteConfig({})
    const parsed = parsedPages({ 'a.md': '# 甲\n' })
    const table = buildRoutes(buildSiteData(config, parsed), parsed)
    const site = clientSiteOf(config, '/gpt/assets/js/routes.DDDDDDDD.js', {})
    const bundle = { ...BUNDLE, styles: 'a::after{content:"</style><script>x()</script>"}' }
    const html = renderDocuments(table, pageChunks(table, new Map(), config.base), { config, site, bundle }).find(([f]) => f === 'a.html')![1]
    expect(html.match(/<\/style>/g)!.length).toBe(1)
    expect(html).toContain('<style>a::after{content:"<\\/style><script>x()</script>"}</style>')
  })

  it("renders a page's leading `# h1` as its title with the h1's markup and slug id; the document title stays text", async () => {
    const config = await siteConfig({ title: '站点' })
    const parsed = parsedPages({
      'a.md': '# 用 *GPT* 写 `代码` 与 [文档](./b.md)\n\n[[toc]]\n\n## 用 GPT 写 代码 与 文档\n\n正文。\n',
      'b.md': '# 乙\n\n正文。\n',
      'c.md': '---\ntitle: 前言标题\n---\n\n# 正文 *标题*\n\n正文。\n',
    })
    const table = buildRoutes(buildSiteData(config, parsed), parsed)
    const site = clientSiteOf(config, '/gpt/assets/js/routes.DDDDDDDD.js', {})
    const docs = new Map(renderDocuments(table, pageChunks(table, new Map(), config.base), { config, site, bundle: BUNDLE }))
    const a = docs.get('a.html')!
    expect(a).toContain('<h1 id="用-gpt-写-代码-与-文档">用 <em>GPT</em> 写 <code>代码</code> 与 <a href="/gpt/b.html">文档</a></h1>')
    expect(a).toContain('<title>用 GPT 写 代码 与 文档 | 站点</title>')
    // The h1 took its slug first; the h2 of the same words gets the next one, as in VuePress.
    expect(a).toContain('<h2 id="用-gpt-写-代码-与-文档-1">')
    expect(docs.get('b.html')).toContain('<h1 id="乙">乙</h1>')
    // A frontmatter title is the title, in its words; the h1 it replaces leaves its id.
    expect(docs.get('c.html')).toContain('<h1 id="正文-标题">前言标题</h1>')
  })

  it('puts the title, description, canonical link and meta tags in the head, escaped', async () => {
    const html = (await documents({ hostname: 'https://example.com' })).get('a.html')!
    expect(html).toContain('<title>文章 &lt;甲&gt; | 站点</title>')
    expect(html).toContain('<meta name="description" content="讲 &quot;引号&quot; 与 &lt;b&gt;">')
    expect(html).toContain('<link rel="canonical" href="https://example.com/gpt/a.html">')
    expect(html).toContain('<meta name="keywords" content="教程">')
    expect(html).toContain('<h2 id="小节"')
    expect(html).toContain('正文段落。')
  })

  it('the not-found page is not indexed and has no canonical link; a list page uses the site description', async () => {
    const docs = await documents()
    expect(docs.get('404.html')).toContain('<meta name="robots" content="noindex">')
    expect(docs.get('404.html')).not.toContain('rel="canonical"')
    expect(docs.get('tag/index.html')).toContain('<meta name="description" content="站点简介">')
  })

  it('inlines the route data without the body, which the document already holds', async () => {
    const docs = await documents()
    const data = inline(docs.get('a.html')!)
    expect(data.route).toMatchObject({ kind: 'article', path: '/a.html' })
    // The document's title is the <title>'s, read back with the data.
    expect('documentTitle' in data.route).toBe(false)
    expect(readInitialData(JSON.stringify(data), '文章 <甲> | 站点').route.documentTitle).toBe('文章 <甲> | 站点')
    expect('html' in data.route).toBe(false)
    expect(data.site).toMatchObject({ title: '站点', base: '/gpt/', routesUrl: '/gpt/assets/js/routes.DDDDDDDD.js' })
    // Nothing in the inline JSON can close the script element early: four scripts (the colour
    // mode, the JSON-LD, the route data, the client's loader), four ends.
    expect(docs.get('a.html')!.match(/<script[ >]/g)!.length).toBe(4)
    expect(docs.get('a.html')!.match(/<\/script>/g)!.length).toBe(4)
  })

  it("puts the markdown body in the page once, where React's layout holds its place, and takes the body's share of the critical CSS from its facts", async () => {
    const config = await siteConfig({})
    // A body that holds the slot's own text, as raw HTML: it is put in once, not searched for.
    const parsed = parsedPages({ 'a.md': '# 甲\n\n<!--gptnotes:body-->\n\n正文 <span class="only-said">段</span>\n' })
    const table = buildRoutes(buildSiteData(config, parsed), parsed)
    const site = clientSiteOf(config, '/gpt/assets/js/routes.DDDDDDDD.js', {})
    const bundle = { ...BUNDLE, styles: 'body{color:#123}.only-said{top:0}.never{left:0}' }
    const render = (markup?: Map<string, { tokens: string; styles: string }>) =>
      renderDocuments(table, pageChunks(table, new Map(), config.base), { config, site, bundle, markup }).find(([f]) => f === 'a.html')![1]
    const body = parsed[0].html
    expect(body).toContain('<!--gptnotes:body-->')
    const read = render()
    expect(read.split(body)).toHaveLength(2)
    expect(read).toContain(`data-gn-content="">${body}</div>`)
    // Without facts the whole page is read; with them, only what they say of the body counts.
    expect(read).toContain('<style>body{color:#123}.only-said{top:0}</style>')
    const said = render(new Map([[parsed[0].page.path, { tokens: '.never', styles: '' }]]))
    expect(said.split(body)).toHaveLength(2)
    expect(said).toContain('<style>body{color:#123}.never{left:0}</style>')
  })

  it("names an article's sidebar when it is the article's own headings, which the data holds once, and its path once; the browser reads it back whole", async () => {
    const text = /<script id="__GPTNOTES_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec((await documents()).get('a.html')!)![1]
    // The heading once, as [level, title] (its slug is its title).
    expect(text.match(/小节/g)).toHaveLength(1)
    expect(text).toContain('"headers":[[2,"小节"]]')
    // The page's path is the route's: said once.
    expect(text.match(/"\/a\.html"/g)).toHaveLength(1)
    const { route } = readInitialData(text, '')
    expect(route.kind === 'article' && route.sidebar).toEqual([{ type: 'link', path: '/a.html', title: '文章 <甲>', headers: [{ level: 2, title: '小节', slug: '小节' }] }])
    expect(route.kind === 'article' && route.page).toMatchObject({ path: '/a.html', regularPath: '/a.html', relativePath: 'a.md' })
    // A sidebar of the config's is carried as it is.
    const config = await siteConfig({ themeConfig: { sidebar: [{ title: '组', children: ['/a.html'] }] } })
    const parsed = parsedPages({ 'a.md': '# 甲\n\n## 小节\n' })
    const table = buildRoutes(buildSiteData(config, parsed), parsed)
    const html = renderDocuments(table, pageChunks(table, new Map(), config.base), { config, site: clientSiteOf(config, '/r.js', {}), bundle: BUNDLE }).find(([f]) => f === 'a.html')![1]
    const configured = inline(html).route
    expect(configured.kind === 'article' && configured.sidebar?.[0]).toMatchObject({ type: 'group', title: '组' })
    // A slug that is not the title is carried beside it.
    const parsedEn = parsedPages({ 'b.md': '# B\n\n## Hello World\n' })
    const tableEn = buildRoutes(buildSiteData(config, parsedEn), parsedEn)
    const htmlEn = renderDocuments(tableEn, pageChunks(tableEn, new Map(), config.base), { config, site: clientSiteOf(config, '/r.js', {}), bundle: BUNDLE }).find(([f]) => f === 'b.html')![1]
    const dataEn = /<script id="__GPTNOTES_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(htmlEn)![1]
    expect(dataEn).toContain('"headers":[[2,"Hello World","hello-world"]]')
    const read = readInitialData(dataEn, '').route
    expect(read.kind === 'article' && read.page.headers).toEqual([{ level: 2, title: 'Hello World', slug: 'hello-world' }])
  })
})
