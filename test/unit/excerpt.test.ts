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

describe('a page that marks its excerpt with <!-- more -->', () => {
  const parse = (markdown: string, path = 'guide/a.md') => parsedPages({ [path]: markdown })[0]

  it('has the HTML before the marker, rendered, its links rewritten to the site, and its text as the description', () => {
    const page = parse('---\ntitle: 甲\n---\n\n先读 **这一段**，再看[安装](./b.md)和[外链](https://example.com)。\n\n<!-- more -->\n\n后面的正文不在摘要里。\n')
    expect(page.excerptHtml).toContain('<strong>这一段</strong>')
    expect(page.excerptHtml).toContain('href="/gpt/guide/b.html"')
    expect(page.excerptHtml).toContain('href="https://example.com"')
    expect(page.excerptHtml).not.toContain('后面的正文')
    expect(page.excerptHtml).not.toContain('**')
    expect(page.excerpt).toBe('先读 这一段，再看安装和外链。')
    // The page itself is whole, the marker a comment in it.
    expect(page.html).toContain('后面的正文不在摘要里。')
  })

  it('takes every block before the marker, and a paragraph that holds it up to the marker', () => {
    const blocks = parse('第一段。\n\n- 一项\n- 两项\n\n第二段 <!-- more --> 第三段。\n')
    expect(blocks.excerptHtml).toContain('<li>一项</li>')
    expect(blocks.excerptHtml).toContain('第二段')
    expect(blocks.excerptHtml).not.toContain('第三段')
    expect(blocks.excerpt).toBe('第一段。 一项两项 第二段')
  })

  it('makes headings bold text, leaves footnote marks and a [[toc]] out, and points #hash links into the page', () => {
    const page = parse('[[toc]]\n\n## 背景\n\n一句话[^1]，详见[下文](#细节)。\n\n<!-- more -->\n\n## 细节\n\n[^1]: 脚注的内容。\n')
    expect(page.excerptHtml).toContain('<p><strong>背景</strong></p>')
    expect(page.excerptHtml).not.toMatch(/<h2|id="|footnote|脚注的内容|table-of-contents|<sup/)
    expect(page.excerptHtml).toContain(`href="/gpt/guide/a.html#${encodeURI('细节')}"`)
    expect(page.excerpt).toBe('背景 一句话，详见下文。')
  })

  it('resolves reference links through definitions anywhere on the page; its images load lazily', () => {
    const page = parse('![图](/images/a.png) 见[手册][m]。\n\n<!-- more -->\n\n[m]: ./manual.md\n')
    expect(page.excerptHtml).toContain('href="/gpt/guide/manual.html"')
    expect(page.excerptHtml).toContain('loading="lazy"')
    expect(page.excerptHtml).toContain('src="/gpt/images/a.png"')
  })

  it('is absent without the marker (the description stays the first paragraph) or with nothing before it', () => {
    const plain = parse('第一段。\n\n第二段。\n')
    expect(plain.excerptHtml).toBeUndefined()
    expect(plain.excerpt).toBe('第一段。')
    expect(parse('<!-- more -->\n\n正文。\n').excerptHtml).toBeUndefined()
    expect(parse('正文里写着 `<!-- more -->` 这串字。\n').excerptHtml).toBeUndefined()
  })

  it('is what the lists show of the post, in place of its description', async () => {
    const config = await siteConfig()
    const parsed = parsedPages({
      'a.md': '---\ntitle: 甲\ndate: 2024-1-2\ndescription: 简介\n---\n\n摘要*在此*。\n\n<!-- more -->\n\n正文。\n',
      'b.md': '---\ntitle: 乙\ndate: 2024-1-1\ndescription: 乙的简介\n---\n\n正文。\n',
    })
    const posts = buildSiteData(config, parsed).posts
    expect(posts.map((p) => [p.title, p.excerpt])).toEqual([
      ['甲', '<p>摘要<em>在此</em>。</p>'],
      ['乙', undefined],
    ])
  })
})
