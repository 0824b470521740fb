import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSearchEngine } from '../../src/search/query/engine.js'
import { BuildCaches } from '../../src/render/build-caches.js'
import { openSearchCache } from '../../src/search/build/cache.js'
import { buildSearchShards } from '../../src/search/build/builder.js'
import { buildSite, type SiteOutput } from '../../src/render/build-site.js'
import type { SearchManifest } from '../../src/search/format/shards.js'
import { memoryReader } from '../helpers/search-packs.js'
import { copyFixture } from '../helpers/sites.js'

const bytes = (contents: unknown) => Buffer.from(typeof contents === 'string' ? contents : (contents as Uint8Array))
/** The search index's files of a build (the first part and the packs), by output path. */
const searchFiles = (out: SiteOutput) => new Map([...out.files].filter(([f]) => /^(search-index\.json$|assets\/search\/)/.test(f)).map(([f, c]) => [f, bytes(c)]))

/** Suggestions' paths for `query` from a built site's packed index. */
async function find(out: SiteOutput, query: string): Promise<string[]> {
  const files = searchFiles(out)
  const first = [...files.keys()].find((f) => f === 'search-index.json')!
  const manifest = JSON.parse(files.get(first)!.toString('utf8')) as SearchManifest
  const byUrl = new Map([...files].map(([f, data]) => ['/gpt/' + f, new Uint8Array(data)]))
  const engine = createSearchEngine(manifest, memoryReader(manifest, byUrl))
  return (await engine.search(query, 10)).map((s) => s.path)
}

describe('the search index between builds', () => {
  let site: { root: string; cleanup: () => void }
  let cacheDir: string
  const cachedIndexes = () => readdirSync(join(cacheDir, 'search'))

  beforeAll(() => {
    site = copyFixture('search-site')
    cacheDir = mkdtempSync(join(tmpdir(), 'gptnotes-search-cache-'))
  })
  afterAll(() => {
    site?.cleanup()
    rmSync(cacheDir, { recursive: true, force: true })
  })

  it('is reused when no page changed: the same files, byte for byte, as a build without the cache', async () => {
    const plain = await buildSite({ root: site.root })
    const first = await buildSite({ root: site.root, caches: new BuildCaches(cacheDir) })
    expect(cachedIndexes()).toHaveLength(1)
    // A later run (a CI job with the cache restored) reads it back.
    const again = await buildSite({ root: site.root, caches: new BuildCaches(cacheDir) })
    expect(searchFiles(first)).toEqual(searchFiles(plain))
    expect(searchFiles(again)).toEqual(searchFiles(plain))
    expect(cachedIndexes()).toHaveLength(1)
  })

  it('is read from the cache, not built again: what the cache holds for these pages is what the build writes', async () => {
    await buildSite({ root: site.root, caches: new BuildCaches(cacheDir) })
    const [entry] = cachedIndexes()
    const digest = entry.slice(entry.indexOf('-') + 1)
    // Another index planted under these pages' digest: a build that reads the cache serves it.
    openSearchCache(cacheDir).set(digest, buildSearchShards([{ t: '种下的索引', p: '/planted.html', h: [], x: '只在种下的索引里：琥珀色的灯塔' }], ''))
    const out = await buildSite({ root: site.root, caches: new BuildCaches(cacheDir) })
    expect(await find(out, '琥珀色的灯塔')).toEqual(['/planted.html'])
    rmSync(join(cacheDir, 'search'), { recursive: true, force: true })
  })

  it('is built again when a page’s text changes, and finds the new text; only the newest is kept', async () => {
    const before = await buildSite({ root: site.root, caches: new BuildCaches(cacheDir) })
    expect(await find(before, '蓝鲸潜水艇')).toEqual([])
    const page = join(site.root, 'content/guide/markup.md')
    writeFileSync(page, readFileSync(page, 'utf8') + '\n\n新加的一段：蓝鲸潜水艇。\n')
    const after = await buildSite({ root: site.root, caches: new BuildCaches(cacheDir) })
    expect(await find(after, '蓝鲸潜水艇')).toEqual(['/guide/markup.html'])
    expect(searchFiles(after)).toEqual(searchFiles(await buildSite({ root: site.root })))
    expect(cachedIndexes()).toHaveLength(1)
  })
})
