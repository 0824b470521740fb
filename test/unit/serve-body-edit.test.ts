// `serve` shows an edit of a page's body before the build that follows it: the page is parsed and
// rendered again alone, open pages reload, and the build (search index, feeds, dates) runs once
// they have loaded again. What it serves in the end is byte for byte a fresh server's output.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Rebuilder, type SiteOutput } from '../../src/dev-server/rebuild.js'
import { copyFixture } from '../helpers/sites.js'

const text = (output: SiteOutput | undefined, path: string): string => {
  const c = output!.files.get(path)!
  return typeof c === 'string' ? c : 'copyFrom' in c ? readFileSync(c.copyFrom, 'utf8') : Buffer.from(c).toString('utf8')
}

function builder(root: string) {
  const log: string[] = []
  const reloads: boolean[] = []
  let release: () => void = () => {}
  const rebuilder = new Rebuilder({
    root,
    commentService: () => 'http://127.0.0.1:1/__gptnotes/comments',
    log: (line) => log.push(line),
    formatError: (err) => String(err),
    formatWarning: (w) => w.message,
    built: () => {},
    // After an edit shown early, the open pages "load again" when the test says so.
    done: (waitForPages) => {
      reloads.push(waitForPages === true)
      return waitForPages ? new Promise<void>((resolve) => (release = resolve)) : undefined
    },
  })
  return { rebuilder, log, reloads, pagesBack: () => release() }
}

/** A server started afresh on the site as it is now, settled. */
async function freshOutput(root: string): Promise<SiteOutput> {
  const { rebuilder } = builder(root)
  await rebuilder.rebuild()
  await rebuilder.settled()
  return rebuilder.output!
}

function expectSameFiles(served: SiteOutput, fresh: SiteOutput): void {
  expect([...served.files.keys()].sort()).toEqual([...fresh.files.keys()].sort())
  expect([...fresh.files.keys()].filter((path) => text(served, path) !== text(fresh, path))).toEqual([])
}

describe('serve: an edit of a page body is shown before the build', () => {
  let site: ReturnType<typeof copyFixture>
  let served: ReturnType<typeof builder>
  const file = (path: string) => join(site.root, 'content', path)
  const edit = (path: string, change: (t: string) => string) => writeFileSync(file(path), change(readFileSync(file(path), 'utf8')))

  beforeAll(async () => {
    site = copyFixture('e2e-site')
    served = builder(site.root)
    await served.rebuilder.rebuild()
    await served.rebuilder.settled()
  }, 120_000)
  afterAll(() => site?.cleanup())

  it('shows the new sentence, reloads, and builds after the pages loaded, ending where a fresh server starts', async () => {
    const { rebuilder, log, reloads } = served
    const searchBefore = text(rebuilder.output, 'search-index.json')
    reloads.length = 0
    log.length = 0
    edit('handbook/install.md', (t) => t + '\n保存之后立刻看到的一句话。\n')
    await rebuilder.rebuild('changed', [file('handbook/install.md')])
    await rebuilder.built()
    // Served now: the page with the sentence, the pages told to reload, no build yet (the search index is the one before).
    expect(text(rebuilder.output, 'handbook/install.html')).toContain('保存之后立刻看到的一句话。')
    expect(reloads).toEqual([true])
    expect(log.filter((l) => l.includes('built'))).toEqual([])
    expect(text(rebuilder.output, 'search-index.json')).toBe(searchBefore)

    served.pagesBack()
    await rebuilder.settled()
    expect(log.filter((l) => l.includes('built'))).toHaveLength(1)
    // The build rendered nothing the pages had not shown: no second reload.
    expect(reloads).toEqual([true])
    expect(text(rebuilder.output, 'search-index.json')).not.toBe(searchBefore)
    expectSameFiles(rebuilder.output!, await freshOutput(site.root))
  }, 120_000)

  it('a title edit is built before the pages reload (the sidebars and lists show it)', async () => {
    const { rebuilder, log, reloads } = served
    reloads.length = 0
    log.length = 0
    edit('handbook/install.md', (t) => t.replace('title: 安装指南', 'title: 安装与升级'))
    await rebuilder.rebuild('changed', [file('handbook/install.md')])
    await rebuilder.built()
    expect(log.filter((l) => l.includes('shown'))).toEqual([])
    expect(reloads).toEqual([false])
    expect(text(rebuilder.output, 'handbook/faq.html')).toContain('安装与升级')
    await rebuilder.settled()
    expectSameFiles(rebuilder.output!, await freshOutput(site.root))
  }, 120_000)
})
