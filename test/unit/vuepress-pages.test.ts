import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite } from '../../src/render/build-site.js'
import { runCheck } from '../../src/tools/check-links/run-check.js'
import { parsedPages } from '../helpers/stage-data.js'
import { copyFixture } from '../helpers/sites.js'

/**
 * Pages as VuePress 1 and reco sites have them, read as they are: dotted file names, images
 * from `.vuepress/public/` written from the root, frontmatter images, `<!-- more -->`, dates
 * with offsets, and a page's own sidebar and prev/next (test/fixtures/vuepress-pages-site).
 */

describe('links to pages whose names hold dots, and files', () => {
  const page = parsedPages({
    'guide/a.md': '[甲](./vuex%204.x.md) [乙](<./vuex 4.x.html>) [丙](./vuex%204.x) [丁](./v1.2-notes#变化) [文件](./files/a.pdf) [归档](./b.7z)\n',
  })[0]

  it('are links to the page (only .md and .html are extensions), with the base', () => {
    expect(page.links.map((l) => l.target)).toEqual(['/guide/vuex%204.x.html', '/guide/vuex%204.x.html', '/guide/vuex%204.x.html', '/guide/v1.2-notes.html'])
    expect(page.html).toContain('href="/gpt/guide/vuex%204.x.html"')
    expect(page.html).toContain(`href="/gpt/guide/v1.2-notes.html#${encodeURI('变化')}"`)
  })

  it('while a file keeps its name and is checked to exist', () => {
    expect(page.assets.map((a) => a.file)).toEqual(['guide/files/a.pdf', 'guide/b.7z'])
    expect(page.html).toContain('href="/gpt/guide/files/a.pdf"')
  })
})

describe('images written from the root, as VuePress writes those of .vuepress/public/', () => {
  it('get the base in the HTML and may be files of content/public/', () => {
    const [page] = parsedPages({ 'guide/a.md': '![标志](/images/logo.png)\n\n![相对](./pic.png)\n' })
    expect(page.html).toContain('src="/gpt/images/logo.png"')
    expect(page.assets).toEqual([
      { file: 'images/logo.png', line: 1, column: 1, fromRoot: true },
      { file: 'guide/pic.png', line: 3, column: 1 },
    ])
  })

  it('a file of content/public/ named by its own path is served from the root', () => {
    const [page] = parsedPages({ 'a.md': '![图](./public/images/logo.png)\n' })
    expect(page.html).toContain('src="/gpt/images/logo.png"')
  })

  it('in frontmatter image fields become paths from the root (the base left to the theme) and are checked', () => {
    const [page] = parsedPages({
      'guide/a.md': '---\ntitle: 甲\nimage: ./cover.png\nheroImage: /hero.png\nbgImage: https://example.com/bg.png\n---\n\n正文。\n',
      'b.md': '---\nimage: /gpt/images/logo.png\n---\n',
    })
    expect(page.page.frontmatter).toMatchObject({ image: '/guide/cover.png', heroImage: '/hero.png', bgImage: 'https://example.com/bg.png' })
    expect(page.assets).toEqual([
      { file: 'guide/cover.png', line: 3, column: 8 },
      { file: 'hero.png', line: 4, column: 12, fromRoot: true },
    ])
    // Written with the base, it is the same file.
    expect(parsedPages({ 'b.md': '---\nimage: /gpt/images/logo.png\n---\n' })[0].page.frontmatter.image).toBe('/images/logo.png')
  })

  it("reco's heroImage and bgImage written relative are read from the site's root (reco gave them the base only), so a file of public/ is found", () => {
    const [home, inFolder] = parsedPages({
      'README.md': "---\nhome: true\nbgImage: './bg.jpg'\nheroImage: hero.png\n---\n",
      'guide/README.md': '---\nheroImage: ./hero.png\nimage: ./cover.png\n---\n',
    })
    expect(home.page.frontmatter).toMatchObject({ bgImage: '/bg.jpg', heroImage: '/hero.png' })
    expect(home.assets).toEqual([
      { file: 'hero.png', line: 4, column: 12, fromRoot: true },
      { file: 'bg.jpg', line: 3, column: 10, fromRoot: true },
    ])
    // gptnotes's own `image` stays relative to its page.
    expect(inFolder.page.frontmatter).toMatchObject({ heroImage: '/hero.png', image: '/guide/cover.png' })
  })
})

describe('a VuePress site built as it is (vuepress-pages-site)', () => {
  let site: ReturnType<typeof copyFixture>
  let dist: string
  const read = (file: string) => readFileSync(join(dist, file), 'utf8')
  beforeAll(async () => {
    site = copyFixture('vuepress-pages-site')
    dist = join(site.root, 'dist')
    await buildSite({ root: site.root, out: dist })
  })
  afterAll(() => site.cleanup())

  it('writes the dotted pages under their names and the public image at the root', () => {
    expect(existsSync(join(dist, 'guide/vuex 4.x.html'))).toBe(true)
    expect(existsSync(join(dist, 'guide/v1.2-notes.html'))).toBe(true)
    expect(existsSync(join(dist, 'images/logo.png'))).toBe(true)
    expect(read('guide/v1.2-notes.html')).toContain('src="/gpt/images/logo.png"')
    // The sidebar's extensionless entries found their pages.
    expect(read('guide/index.html')).toMatch(/<a[^>]*href="\/gpt\/guide\/vuex%204\.x\.html"[^>]*>Vuex 4\.x 笔记<\/a>/)
    // The frontmatter image is the page's preview image, with the base.
    expect(read('guide/own-links.html')).toContain('<meta property="og:image" content="/gpt/images/logo.png">')
  })

  it('lists posts newest first by their dates read in the site\'s time zone, each shown by its excerpt', () => {
    // Vuex's 2022-03-12T03:00:00+08:00 is 03:00 in Shanghai, after 1.2's 2022-03-11 20:00 (read
    // as UTC it would be 19:00 on the 11th, before it).
    const timeline = read('timeline/index.html')
    const order = ['Vuex 4.x 笔记', '1.2 版说明', '带摘要的文章'].map((t) => timeline.indexOf(`>${t}</a>`))
    expect(order.every((i) => i > 0)).toBe(true)
    expect(order).toEqual([...order].sort((a, b) => a - b))
    const home = /<main[^]*<\/main>/.exec(read('index.html'))![0]
    expect(home).toContain('<div class="post-excerpt"><p>这段是<strong>摘要</strong>，里面有<a href="/gpt/guide/v1.2-notes.html">一个链接</a>。</p></div>')
    expect(home).not.toContain('摘要之后的正文')
    expect(read('guide/vuex 4.x.html')).toContain('2022-3-12')
    // The excerpt is the page's description.
    expect(read('guide/excerpt-post.html')).toContain('<meta name="description" content="这段是摘要，里面有一个链接。">')
  })

  it('check-links finds every link and file of the built site', async () => {
    const { report } = await runCheck({ root: site.root, out: dist })
    expect(report.problems).toEqual([])
    expect(report.summary.internal).toBeGreaterThan(10)
  })

  it('check-links reports a prev or next that names no page at its frontmatter line', async () => {
    const file = join(site.root, 'content/guide/own-links.md')
    const text = readFileSync(file, 'utf8')
    writeFileSync(file, text.replace('prev: ./v1.2-notes', 'prev: ./v1.3-notes'))
    try {
      const { report } = await runCheck({ root: site.root })
      expect(report.problems).toMatchObject([{ file: 'content/guide/own-links.md', line: 3, column: 7, reason: 'frontmatter "prev" names no page: ./v1.3-notes' }])
    } finally {
      writeFileSync(file, text)
    }
  })

  it('a missing image from the root is a clear error naming both places it was looked for', async () => {
    rmSync(join(site.root, 'content/public/images/logo.png'))
    const err = await buildSite({ root: site.root }).catch((e: unknown) => e)
    const all = (err as { errors?: { name: string; message: string; loc?: { file: string; line: number } }[] }).errors ?? [err as { name: string; message: string; loc?: { file: string; line: number } }]
    expect(all.map((e) => e.name)).toEqual(['MissingAsset', 'MissingAsset'])
    expect(all.map((e) => [e.loc?.file, e.loc?.line, e.message])).toEqual(
      expect.arrayContaining([
        ['content/guide/v1.2-notes.md', 10, 'file not found: content/images/logo.png (nor content/public/images/logo.png)'],
        ['content/guide/own-links.md', 6, 'file not found: content/images/logo.png (nor content/public/images/logo.png)'],
      ]),
    )
  })
})
