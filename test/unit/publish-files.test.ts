import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite, type SiteOutput } from '../../src/render/build-site.js'
import { copyFixture } from '../helpers/sites.js'

const text = (out: SiteOutput, file: string) => {
  const c = out.files.get(file)
  expect(c, file).toBeDefined()
  return String(c)
}
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' })

describe('publishing files: sitemap, robots, feeds', () => {
  let site: ReturnType<typeof copyFixture>
  let out: SiteOutput
  beforeAll(async () => {
    site = copyFixture('minimal')
    writeFileSync(
      join(site.root, 'gptnotes.config.ts'),
      `export default { title: '示例 & 站点', description: '描述', hostname: 'https://example.com', themeConfig: { author: '小林', feeds: { rss: true, atom: true, json: true } } }`,
    )
    out = await buildSite({ root: site.root })
  })
  afterAll(() => site.cleanup())

  it('writes a valid sitemap with absolute URLs of every route', () => {
    const xml = text(out, 'sitemap.xml')
    expect(XMLValidator.validate(xml)).toBe(true)
    const urls = [parser.parse(xml).urlset.url].flat() as { loc: string; lastmod?: string }[]
    const locs = urls.map((u) => u.loc)
    expect(locs).toContain('https://example.com/gpt/')
    expect(locs).toContain('https://example.com/gpt/guide/first.html')
    expect(locs).toContain('https://example.com/gpt/timeline/')
    expect(urls.find((u) => u.loc.endsWith('first.html'))!.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('writes robots.txt naming the sitemap', () => {
    expect(text(out, 'robots.txt')).toContain('Sitemap: https://example.com/gpt/sitemap.xml')
  })

  it('writes an RSS 2.0 feed that parses back, newest first, absolute links', () => {
    const xml = text(out, 'rss.xml')
    expect(XMLValidator.validate(xml)).toBe(true)
    const channel = parser.parse(xml).rss.channel
    expect(channel.title).toBe('示例 & 站点')
    const items = [channel.item].flat()
    expect(items.map((i: { title: string }) => i.title)).toEqual(['第二篇', '第一篇'])
    expect(items[0].link).toBe('https://example.com/gpt/guide/second.html')
    // The post's 2025-4-2 is midnight on the site's clock (timezone, Asia/Shanghai by default): 16:00 UTC the day before.
    expect(new Date(items[0].pubDate).toISOString()).toBe('2025-04-01T16:00:00.000Z')
    expect(items[0].category).toEqual(['入门', '进阶'])
  })

  it('writes an Atom 1.0 feed that parses back', () => {
    const xml = text(out, 'atom.xml')
    expect(XMLValidator.validate(xml)).toBe(true)
    const feed = parser.parse(xml).feed
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom')
    const entries = [feed.entry].flat()
    expect(entries).toHaveLength(2)
    expect(entries[0].id).toBe('https://example.com/gpt/guide/second.html')
    expect(entries[0].link['@href']).toBe('https://example.com/gpt/guide/second.html')
    expect(entries[0].updated).toBe('2025-04-01T16:00:00.000Z')
    expect(feed.author.name).toBe('小林')
  })

  it('writes a JSON Feed 1.1 that parses back', () => {
    const feed = JSON.parse(text(out, 'feed.json'))
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1')
    expect(feed.home_page_url).toBe('https://example.com/gpt/')
    expect(feed.items.map((i: { url: string }) => i.url)).toEqual(['https://example.com/gpt/guide/second.html', 'https://example.com/gpt/guide/first.html'])
    for (const i of feed.items) expect(i.id && i.date_published && (i.content_text || i.content_html)).toBeTruthy()
  })

  it('links the feeds from every page head', () => {
    const html = text(out, 'guide/first.html')
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" href="https://example.com/gpt/rss.xml"')
    expect(html).toContain('type="application/atom+xml"')
    expect(html).toContain('type="application/feed+json"')
  })

  it('writes no feeds by default, and refuses feeds without a hostname', async () => {
    const plain = copyFixture('minimal')
    try {
      const def = await buildSite({ root: plain.root })
      for (const f of ['rss.xml', 'atom.xml', 'feed.json', 'sitemap.xml']) expect(def.files.has(f), f).toBe(false)
      expect(def.files.has('robots.txt')).toBe(true)
      writeFileSync(join(plain.root, 'gptnotes.config.ts'), `export default {\n  themeConfig: {\n    feeds: { rss: true },\n  },\n}\n`)
      await expect(buildSite({ root: plain.root })).rejects.toThrow(/hostname is empty/)
    } finally {
      plain.cleanup()
    }
  })

  it('gives the moment a post\'s date names on the clock of the site\'s timezone', async () => {
    const utc = copyFixture('minimal')
    try {
      writeFileSync(join(utc.root, 'gptnotes.config.ts'), `export default { hostname: 'https://example.com', timezone: 'UTC', themeConfig: { feeds: { atom: true } } }`)
      const built = await buildSite({ root: utc.root })
      const entries = [parser.parse(text(built, 'atom.xml')).feed.entry].flat()
      expect(entries[0].updated).toBe('2025-04-02T00:00:00.000Z')
    } finally {
      utc.cleanup()
    }
  })
})
