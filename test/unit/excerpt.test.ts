import { describe, expect, it } from 'vitest'
import { pageChunks } from '../../src/render/chunks/page-chunks.js'
import { clientSiteOf } from '../../src/render/site/client-site.js'
import { renderDocuments } from '../../src/render/emit/render-html.js'
import { buildRoutes } from '../../src/render/site/routes.js'
import { buildSiteData } from '../../src/render/site/site-data.js'
import type { SiteConfig } from '../../src/shared/types.js'
import { parsedPages, siteConfig } from '../helpers/stage-data.js'

/** A page without a `description` is described by its first paragraph, as Docusaurus does. */

const excerpt = (markdown: string) => parsedPages({ 'a.md': markdown })[0].excerpt

describe('the excerpt of a page', () => {
  it('is the text of its first top-level paragraph: inline code and link text kept, images and markup left out', () => {
    expect(excerpt('# 标题\n\n![示意图](./a.png)\n\n先装好 `node`，再看[安装指南](./b.md)。\n\n第二段。\n')).toBe('先装好 node，再看安装指南。')
  })

  it('skips headings, lists, quotes and code to find that paragraph; a page without one has none', () => {
    expect(excerpt('## 小节\n\n- 列表项\n\n> 引用\n\n```js\nx()\n```\n\n正文从这里开始。\n')).toBe('正文从这里开始。')
    expect(excerpt('## 小节\n\n- 只有列表\n')).toBeUndefined()
  })

  it('collapses whitespace and line breaks', () => {
    expect(excerpt('第一行\n第二行   继续。\n')).toBe('第一行 第二行 继续。')
  })

  it('cuts a long paragraph after its last full sentence within 120 characters', () => {
    const first = '这是一句足够长的中文句子，用来说明摘要如何截断'.repeat(3) + '。'
    const second = '第二句同样很长，会越过一百二十个字符的界限'.repeat(3) + '。'
    const text = excerpt(first + second + '\n')!
    expect(text).toBe(first)
  })

  it('cuts at 120 characters with an ellipsis when no sentence ends in the second half', () => {
    const text = excerpt('没有句号的长段落'.repeat(30) + '\n')!
    expect([...text]).toHaveLength(120)
    expect(text.endsWith('…')).toBe(true)
  })

  it('does not take a decimal point or a version for the end of a sentence', () => {
    const text = excerpt('版本 1.5 与 v2.0.1 的差别'.repeat(12) + '\n')!
    expect(text.endsWith('…')).toBe(true)
  })
})

describe('the description in the head', () => {
  async function head(changes: Partial<SiteConfig>, sources: Record<string, string>) {
    const config = await siteConfig({ title: '站点', ...changes })
    const parsed = parsedPages(sources)
    const table = buildRoutes(buildSiteData(config, parsed), parsed)
    const site = clientSiteOf(config, '/gpt/assets/js/routes.DDDDDDDD.js', {})
    const bundle = { files: [], entry: 'assets/js/main.AAAAAAAA.js', preload: [], listLayouts: [], styles: '', firstLoadSources: [], stylesheet: '' }
    const excerpts = new Map(parsed.flatMap((p) => (p.excerpt ? [[p.page.path, p.excerpt] as const] : [])))
    const docs = new Map(renderDocuments(table, pageChunks(table, new Map(), config.base), { config, site, bundle, excerpts }))
    const meta = (file: string, name: string) => new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)">`).exec(docs.get(file)!)?.[1]
    return { meta }
  }

  it("is the page's own, else its first paragraph, else the site's", async () => {
    const { meta } = await head(
      { description: '站点简介' },
      {
        'own.md': '---\ntitle: 甲\ndescription: 自己的简介\n---\n\n第一段。\n',
        'para.md': '---\ntitle: 乙\n---\n\n## 小节\n\n第一段 <b>说明</b>。\n',
        'none.md': '---\ntitle: 丙\n---\n\n- 只有列表\n',
      },
    )
    expect(meta('own.html', 'description')).toBe('自己的简介')
    expect(meta('para.html', 'description')).toBe('第一段 说明。')
    expect(meta('para.html', 'og:description')).toBe('第一段 说明。')
    expect(meta('none.html', 'description')).toBe('站点简介')
  })

  it("of the home page is the site's before the home page's first paragraph", async () => {
    const sources = { 'README.md': '---\nhome: true\n---\n\n欢迎来到这里。\n' }
    expect((await head({ description: '站点简介' }, sources)).meta('index.html', 'description')).toBe('站点简介')
    expect((await head({ description: '' }, sources)).meta('index.html', 'description')).toBe('欢迎来到这里。')
  })
})
