import { describe, expect, it } from 'vitest'
import type { ClientBundle } from '../../src/render/bundle/bundle.js'
import { pageChunks } from '../../src/render/chunks/page-chunks.js'
import { clientSiteOf } from '../../src/render/site/client-site.js'
import { renderDocuments } from '../../src/render/emit/render-html.js'
import { buildRoutes } from '../../src/render/site/routes.js'
import { buildSiteData } from '../../src/render/site/site-data.js'
import { decodeEntities } from '../../src/shared/escape.js'
import type { SiteConfig } from '../../src/shared/types.js'
import { parsedPages, siteConfig } from '../helpers/stage-data.js'

/**
 * Link previews and search engines read the head back: Open Graph and Twitter card tags, and
 * JSON-LD, parsed out of the documents the render stage writes.
 */

const BUNDLE: ClientBundle = { files: [], entry: 'assets/js/main.AAAAAAAA.js', preload: [], listLayouts: [], styles: '', firstLoadSources: [], stylesheet: '' }

async function documents(changes: Partial<SiteConfig> & { image?: string } = {}) {
  const config = await siteConfig({ title: '我的笔记', description: '站点简介', ...changes })
  const parsed = parsedPages({
    'README.md': '---\nhome: true\n---\n\n欢迎。\n',
    'posts/a.md': '---\ntitle: 用好 "提示词" <一>\ndescription: 一篇讲提示词的文章\ndate: 2025-5-3\nauthor: 小明\ntags: [教程, 提示词]\n---\n\n正文。\n\n![示意图](/images/flow.png)\n',
    'posts/b.md': '---\ntitle: 没有图的文章\nimage: https://cdn.example.org/cover.jpg\n---\n\n正文。\n',
    'posts/c.md': '---\ntitle: 什么都没有\n---\n\n正文。\n',
  })
  const table = buildRoutes(buildSiteData(config, parsed), parsed, new Map([['posts/a.md', '2025-6-1']]))
  const chunks = pageChunks(table, new Map(), config.base)
  const site = clientSiteOf(config, '/gpt/assets/js/routes.DDDDDDDD.js', {})
  return new Map(renderDocuments(table, chunks, { config, site, bundle: BUNDLE }))
}

/** The head's `<meta property|name=… content=…>` pairs, decoded, in order. */
function metaOf(html: string): [string, string][] {
  const head = html.slice(0, html.indexOf('</head>'))
  return [...head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [m[1], decodeEntities(m[2])])
}
const meta = (html: string, key: string) => metaOf(html).filter(([k]) => k === key).map(([, v]) => v)
function jsonLd(html: string): Record<string, unknown> | undefined {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)
  return m ? (JSON.parse(m[1]) as Record<string, unknown>) : undefined
}

describe('page metadata (Open Graph, Twitter cards, JSON-LD)', () => {
  it('an article: type article, its title, description, canonical URL, times, author, tags and its first image, absolute with a hostname', async () => {
    const html = (await documents({ hostname: 'https://notes.example.com' })).get('posts/a.html')!
    expect(meta(html, 'og:type')).toEqual(['article'])
    expect(meta(html, 'og:title')).toEqual(['用好 "提示词" <一>'])
    expect(meta(html, 'og:description')).toEqual(['一篇讲提示词的文章'])
    expect(meta(html, 'og:url')).toEqual(['https://notes.example.com/gpt/posts/a.html'])
    expect(meta(html, 'og:site_name')).toEqual(['我的笔记'])
    expect(meta(html, 'og:locale')).toEqual(['zh_CN'])
    expect(meta(html, 'article:published_time')).toEqual(['2025-05-03'])
    expect(meta(html, 'article:modified_time')).toEqual(['2025-06-01'])
    expect(meta(html, 'article:author')).toEqual(['小明'])
    expect(meta(html, 'article:tag')).toEqual(['教程', '提示词'])
    expect(meta(html, 'og:image')).toEqual(['https://notes.example.com/gpt/images/flow.png'])
    expect(meta(html, 'twitter:card')).toEqual(['summary_large_image'])
    // The card takes its title, description and image from Open Graph (X reads those when its own are absent).
    for (const name of ['twitter:title', 'twitter:description', 'twitter:image']) expect(meta(html, name), name).toEqual([])
    // Escaped in the markup: the title's quotes and brackets cannot open a tag or end the attribute.
    expect(html).toContain('<meta property="og:title" content="用好 &quot;提示词&quot; &lt;一&gt;">')

    expect(jsonLd(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: '用好 "提示词" <一>',
      url: 'https://notes.example.com/gpt/posts/a.html',
      mainEntityOfPage: 'https://notes.example.com/gpt/posts/a.html',
      inLanguage: 'zh-CN',
      image: 'https://notes.example.com/gpt/images/flow.png',
      datePublished: '2025-05-03',
      dateModified: '2025-06-01',
      author: { '@type': 'Person', name: '小明' },
      publisher: { '@type': 'Organization', name: '我的笔记' },
      isPartOf: { '@type': 'WebSite', name: '我的笔记', url: 'https://notes.example.com/gpt/' },
    })
    // The JSON cannot close its script element early.
    expect(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]).not.toContain('<')
  })

  it("frontmatter image wins; the site's image is the fallback; no image means a summary card", async () => {
    const docs = await documents({ hostname: 'https://notes.example.com', image: '/cover.png' })
    expect(meta(docs.get('posts/b.html')!, 'og:image')).toEqual(['https://cdn.example.org/cover.jpg'])
    expect(meta(docs.get('posts/c.html')!, 'og:image')).toEqual(['https://notes.example.com/gpt/cover.png'])
    const bare = (await documents()).get('posts/c.html')!
    expect(meta(bare, 'og:image')).toEqual([])
    expect(meta(bare, 'twitter:card')).toEqual(['summary'])
    // Without a hostname the page's address is left out, not given as a path.
    expect(meta(bare, 'og:url')).toEqual([])
    expect(meta(bare, 'og:description')).toEqual(['站点简介'])
    expect(meta(bare, 'article:published_time')).toEqual([])
  })

  it('the canonical link and og:url are the hostname + base + path; without a hostname neither is there, nor a JSON-LD url', async () => {
    const canonical = (html: string) => [...html.slice(0, html.indexOf('</head>')).matchAll(/<link rel="canonical" href="([^"]*)">/g)].map((m) => decodeEntities(m[1]))
    const docs = await documents({ hostname: 'https://notes.example.com' })
    for (const [file, url] of [
      ['posts/a.html', 'https://notes.example.com/gpt/posts/a.html'],
      ['index.html', 'https://notes.example.com/gpt/'],
      ['tag/教程/index.html', 'https://notes.example.com/gpt/tag/%E6%95%99%E7%A8%8B/'],
    ]) {
      const html = docs.get(file)
      expect(html, file).toBeDefined()
      expect(canonical(html!), file).toEqual([url])
      expect(meta(html!, 'og:url'), file).toEqual([url])
    }
    const bare = await documents()
    for (const file of ['posts/a.html', 'index.html', 'tag/教程/index.html']) {
      const html = bare.get(file)!
      expect(canonical(html), file).toEqual([])
      expect(meta(html, 'og:url'), file).toEqual([])
    }
    const ld = jsonLd(bare.get('posts/a.html')!)!
    expect(ld.headline).toBe('用好 "提示词" <一>')
    expect([ld.url, ld.mainEntityOfPage, (ld.isPartOf as { url?: string }).url]).toEqual([undefined, undefined, undefined])
    expect(jsonLd(bare.get('index.html')!)!.url).toBeUndefined()
  })

  it('the home page is a WebSite; lists have Open Graph tags but no JSON-LD; the not-found page has neither', async () => {
    const docs = await documents({ hostname: 'https://notes.example.com' })
    const home = docs.get('index.html')!
    expect(meta(home, 'og:type')).toEqual(['website'])
    expect(meta(home, 'og:url')).toEqual(['https://notes.example.com/gpt/'])
    expect(jsonLd(home)).toEqual({ '@context': 'https://schema.org', '@type': 'WebSite', name: '我的笔记', url: 'https://notes.example.com/gpt/', description: '站点简介', inLanguage: 'zh-CN' })
    const tags = docs.get('tag/index.html')!
    expect(meta(tags, 'og:type')).toEqual(['website'])
    expect(jsonLd(tags)).toBeUndefined()
    const missing = docs.get('404.html')!
    expect(meta(missing, 'og:type')).toEqual([])
    expect(jsonLd(missing)).toBeUndefined()
  })
})
