import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMENTS_PATH, startDevServer, type DevServer } from '../../src/dev-server/dev-server.js'
import { buildSite } from '../../src/render/build-site.js'
import { DATA_SCRIPT_ID } from '../../src/shared/markup.js'
import { checkSiteConfig, resolveSiteConfig } from '../../src/shared/site-config.js'
import type { InitialData } from '../../src/shared/types.js'
import { valineSchema, type ValineSlotProps } from '../../src/shared/widgets/valine.js'
import { copyFixture } from '../helpers/sites.js'

/** The inline site data of a served or built page. */
function initialData(html: string): InitialData {
  const json = new RegExp(`<script id="${DATA_SCRIPT_ID}" type="application/json">([\\s\\S]*?)</script>`).exec(html)?.[1]
  expect(json, 'the page carries its data').toBeDefined()
  return JSON.parse(json!) as InitialData
}

/** Valine's root-comment query for a page, as the SDK sends it. */
const rootsOf = (url: string) => encodeURIComponent(JSON.stringify({ $or: [{ rid: { $exists: false } }, { rid: '' }], url }))
const LC = { 'X-LC-Id': 'dev-app-id', 'X-LC-Key': 'dev-app-key' }

describe('gptnotes serve runs widget A’s comment service when the config names none', () => {
  let site: { root: string; cleanup: () => void }
  let commentsDir: string
  let dev: DevServer
  let origin: string

  beforeAll(async () => {
    site = copyFixture('comments-site')
    commentsDir = mkdtempSync(join(tmpdir(), 'gptnotes-serve-comments-'))
    dev = await startDevServer({ root: site.root, port: 0, host: '127.0.0.1', watch: false, log: () => {}, commentsDir })
    origin = new URL(dev.url).origin
  })
  afterAll(async () => {
    await dev?.close()
    site?.cleanup()
    rmSync(commentsDir, { recursive: true, force: true })
  })

  it('gives the pages its own address as widget A’s serverURLs', async () => {
    const html = await (await fetch(`${dev.url}post.html`)).text()
    const { site, route } = initialData(html)
    expect(route.widgets).toContain('valine')
    expect((route.widgetProps?.valine as ValineSlotProps | undefined)?.config.serverURLs).toBe(`${origin}${COMMENTS_PATH}`)
    // The page's visitor count goes there too.
    expect(route.kind === 'article' && site.counters?.[route.counter!]?.serverURLs).toBe(`${origin}${COMMENTS_PATH}`)
  })

  it('stores a comment posted from its own origin and lists and counts it back', async () => {
    const service = `${origin}${COMMENTS_PATH}`
    const preflight = await fetch(`${service}/1.1/classes/Comment`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-lc-id,x-lc-key' },
    })
    expect(preflight.status).toBeLessThan(300)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin)

    const created = await fetch(`${service}/1.1/classes/Comment`, {
      method: 'POST',
      headers: { ...LC, Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ comment: '<p>写得很清楚，谢谢！</p>', nick: '读者', mail: 'reader@example.com', link: '', url: '/gpt/post.html', ua: 'vitest' }),
    })
    expect(created.status).toBe(201)
    const { objectId } = (await created.json()) as { objectId: string }
    expect(objectId).toMatch(/\w+/)

    const page = await fetch(`${service}/1.1/classes/Comment?where=${rootsOf('/gpt/post.html')}&order=-createdAt,-insertedAt&limit=10`, { headers: { ...LC, Origin: origin } })
    expect(page.status).toBe(200)
    const { results } = (await page.json()) as { results: { objectId: string; nick: string; mail?: string }[] }
    expect(results.map((r) => [r.objectId, r.nick])).toEqual([[objectId, '读者']])
    expect(results[0].mail).toBeUndefined()

    const count = await fetch(`${service}/1.1/classes/Comment?where=${rootsOf('/gpt/post.html')}&limit=0&count=1`, { headers: { ...LC, Origin: origin } })
    expect(((await count.json()) as { count: number }).count).toBe(1)
  })

  it('refuses other origins and keeps the store under the given folder', async () => {
    const foreign = await fetch(`${origin}${COMMENTS_PATH}/1.1/classes/Comment?where=${rootsOf('/gpt/post.html')}`, { headers: { ...LC, Origin: 'https://elsewhere.example' } })
    expect(foreign.status).toBe(403)
    expect(existsSync(join(commentsDir, 'comments.db'))).toBe(true)
  })

  it('still serves the site and its 405 for other methods on pages', async () => {
    expect((await fetch(`${dev.url}post.html`, { method: 'POST' })).status).toBe(405)
    expect((await fetch(dev.url)).status).toBe(200)
  })
})

describe('gptnotes build with widget A on and no service address', () => {
  it('writes no comment widget and warns CommentsNoService', async () => {
    const site = copyFixture('comments-site')
    try {
      const output = await buildSite({ root: site.root })
      expect(output.warnings.map((w) => w.code)).toContain('CommentsNoService')
      const html = output.files.get('post.html')
      expect(html).toBeInstanceOf(Uint8Array)
      const data = initialData(String(html))
      expect(data.route.widgetProps).toBeUndefined()
      expect(data.site.counters).toBeUndefined()
      expect(data.route.widgets ?? []).not.toContain('valine')
    } finally {
      site.cleanup()
    }
  })

  it('gives the pages the configured address when there is one, without a warning', async () => {
    const site = copyFixture('comments-site')
    try {
      const { writeFileSync } = await import('node:fs')
      writeFileSync(
        join(site.root, 'gptnotes.config.ts'),
        "export default { title: '留言测试', themeConfig: { comments: { enabled: true, solution: 'valine', valineConfig: { serverURLs: 'https://comments.example.com' } } } }\n",
      )
      const output = await buildSite({ root: site.root })
      expect(output.warnings.map((w) => w.code)).not.toContain('CommentsNoService')
      const data = initialData(String(output.files.get('post.html')))
      expect((data.route.widgetProps?.valine as ValineSlotProps | undefined)?.config.serverURLs).toBe('https://comments.example.com')
      expect(data.site.counters?.map((c) => c.serverURLs)).toEqual(['https://comments.example.com'])
      expect(data.route.widgets).toContain('valine')
    } finally {
      site.cleanup()
    }
  })
})

describe('themeConfig.comments.valineConfig', () => {
  it('is left out by default and takes an http(s) address', () => {
    expect(resolveSiteConfig({}).themeConfig.comments.valineConfig).toBeUndefined()
    // Given, it is resolved whole (every option's default, from the one declaration), with no service.
    const given = resolveSiteConfig({ themeConfig: { comments: { valineConfig: {} } } }).themeConfig.comments.valineConfig
    expect(given).toEqual(valineSchema.default)
    expect(given?.serverURLs).toBe('')
    expect(checkSiteConfig({ themeConfig: { comments: { valineConfig: { serverURLs: 'https://comments.example.com' } } } })).toEqual([])
    expect(checkSiteConfig({ themeConfig: { comments: { valineConfig: { serverURLs: 'comments.example.com' } } } }).map((p) => p.path)).toEqual([
      'themeConfig.comments.valineConfig.serverURLs',
    ])
  })
})
