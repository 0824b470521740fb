// A home list of more than LIST_SLICE_POSTS posts: a reader who turns to a page loads the one
// file of the list that holds it, not the whole list, and sees the posts of that page in order
// (also across a file's edge, and from `?page=N` in the address).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevServer } from '../../src/dev-server/dev-server.js'
import { LIST_PAGE_SIZE, LIST_SLICE_POSTS } from '../../src/shared/pagination.js'
import { buildSite, FIXTURE, MODES, recordProblems, recordScripts, waitForRouter, withBrowser, withPage, type Mode } from '../helpers/e2e.js'
import { copyFixture } from '../helpers/sites.js'
import { serveStatic } from '../helpers/static-server.js'

let browser: Browser
withBrowser((b) => (browser = b))

/** More posts than one list file holds, older than every post of the fixture: they follow its posts in the list, newest first. */
const EXTRA = LIST_SLICE_POSTS + 15

describe.each(MODES)('a long post list (%s)', (mode: Mode) => {
  let url: string
  let close: () => Promise<void>
  let page: Page
  let scripts: string[]
  let problems: string[]

  beforeAll(async () => {
    const { root, cleanup } = copyFixture(FIXTURE)
    mkdirSync(join(root, 'content', 'old'))
    for (let n = 1; n <= EXTRA; n++) {
      // Post n is n hours before 2020-06-01: post 1 the newest of them.
      const d = new Date(Date.UTC(2020, 5, 1) - n * 3_600_000)
      const date = `${d.getUTCFullYear()}-${d.getUTCMonth() + 1}-${d.getUTCDate()} ${String(d.getUTCHours()).padStart(2, '0')}:00:00`
      writeFileSync(join(root, 'content', 'old', `post-${n}.md`), `---\ntitle: 旧文第${n}篇\ndate: ${date}\n---\n\n第${n}篇的正文。\n`)
    }
    if (mode === 'serve') {
      const dev = await startDevServer({ root, port: 0, host: '127.0.0.1', watch: false, log: () => {} })
      url = dev.url
      close = async () => (await dev.close(), cleanup())
    } else {
      const host = await serveStatic(await buildSite(root))
      url = host.url
      close = async () => (host.server.closeAllConnections?.(), await host.close(), cleanup())
    }
  }, 120_000)
  afterAll(() => close?.())

  withPage(
    () => browser,
    (p) => {
      page = p
      scripts = recordScripts(page)
      problems = recordProblems(page)
    },
  )

  const list = () => page.getByRole('region', { name: '全部文章' })
  /** The numbers of the extra posts the list shows (a fixture post shows as NaN). */
  const shown = async () => (await list().getByRole('heading', { level: 3 }).allTextContents()).map((t) => Number(/旧文第(\d+)篇/.exec(t)?.[1]))
  const listFiles = () => scripts.filter((s) => s.startsWith('list_index.'))
  const jumpTo = async (n: number) => {
    const pager = page.getByRole('navigation', { name: '分页' })
    await pager.getByRole('textbox', { name: '跳转到页码' }).fill(String(n))
    await pager.getByRole('button', { name: '跳转' }).click()
    await page.waitForURL(new RegExp(`\\?page=${n}$`))
  }
  const consecutive = (from: number, count = LIST_PAGE_SIZE) => Array.from({ length: count }, (_, i) => from + i)

  it('turning to a page past the first file loads only the file that holds it; a page before that edge loads the other', async () => {
    await page.goto(url)
    await waitForRouter(page)
    const firstFile = LIST_SLICE_POSTS / LIST_PAGE_SIZE // the last page in the list's first file
    await jumpTo(firstFile + 1)
    await expect.poll(async () => (await shown())[0]).toBeGreaterThan(0)
    const after = await shown()
    expect(after).toEqual(consecutive(after[0]))
    expect(listFiles()).toHaveLength(1)
    expect(listFiles()[0]).toMatch(/^list_index\.\w{8}\.1\.js$/)

    await jumpTo(firstFile)
    // The page before the edge ends right before the one after it.
    await expect.poll(shown).toEqual(consecutive(after[0] - LIST_PAGE_SIZE))
    expect(listFiles().map((f) => f.replace(/\.\w{8}\./, '.H.'))).toEqual(['list_index.H.1.js', 'list_index.H.0.js'])
    // Back to a page of a file already here: nothing more is loaded.
    await jumpTo(firstFile + 1)
    await expect.poll(shown).toEqual(after)
    expect(listFiles()).toHaveLength(2)
    expect(problems).toEqual([])
  })

  it("the timeline shows its newest file's posts, and the earlier ones, from the next file alone, when the reader asks", async () => {
    await page.goto(url + 'timeline/')
    await waitForRouter(page)
    const rows = page.locator('.timeline li')
    expect(await rows.count()).toBe(LIST_SLICE_POSTS)
    const total = Number(/共 (\d+) 篇文章/.exec((await page.locator('.timeline .term-count').textContent()) ?? '')![1])
    expect(total).toBeGreaterThan(LIST_SLICE_POSTS)
    const more = page.getByRole('button', { name: `显示更早的文章（还有 ${total - LIST_SLICE_POSTS} 篇）` })
    await more.click()
    await expect.poll(() => rows.count()).toBe(total)
    expect(await more.count()).toBe(0)
    // The oldest post last, under its year, after the rest of the extra posts in order.
    const titles = await rows.getByRole('link').allTextContents()
    const extra = titles.map((t) => Number(/旧文第(\d+)篇/.exec(t)?.[1])).filter((n) => n > 0)
    expect(extra).toEqual(consecutive(1, EXTRA))
    expect(titles.at(-1)).toBe(`旧文第${EXTRA}篇`)
    expect(scripts.filter((s) => s.startsWith('list_timeline.')).map((f) => f.replace(/\.\w{8}\./, '.H.'))).toEqual(['list_timeline.H.1.js'])
    expect(problems).toEqual([])
  })

  it('the last page, opened from its address, shows the oldest posts and loads the last file alone', async () => {
    await page.goto(url)
    const pages = Number(await page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: /^第 \d+ 页$/ }).last().textContent().then((t) => /\d+/.exec(t ?? '')![0]))
    await page.goto(url + `?page=${pages}`)
    await waitForRouter(page)
    await expect.poll(async () => (await shown()).at(-1)).toBe(EXTRA)
    const last = await shown()
    expect(last).toEqual(consecutive(last[0], last.length))
    expect(listFiles()).toEqual([expect.stringMatching(/^list_index\.\w{8}\.1\.js$/)])
    expect(problems).toEqual([])
  })
})
