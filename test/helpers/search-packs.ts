/** The packed search index in memory, with an engine that records which items it reads. */
import { inflateRawSync } from 'node:zlib'
import { createSearchEngine, type ReadRange } from '../../src/search/query/engine.js'
import { buildSearchShards } from '../../src/search/build/builder.js'
import type { SearchEntry, Suggestion } from '../../src/search/format/rank.js'
import { PARTS, decodeSizes, itemLocator, tierItem, type SearchManifest, type SearchRecord } from '../../src/search/format/shards.js'

/** Names of every bucket of `manifest`, in pack order. */
export const bucketNames = (manifest: SearchManifest): string[] => PARTS.flatMap((part) => Array.from({ length: manifest.n[part] }, (_, k) => `${part}${k}`))

/** Every record of `manifest`, read from its packs (`pack` gives a pack's bytes by URL). */
export function recordsOf(manifest: SearchManifest, pack: (url: string) => Uint8Array): SearchRecord[] {
  const locate = itemLocator(manifest)
  const count = (decodeSizes(manifest.z).length - bucketNames(manifest).length - 2) / 2
  const d = locate('d')
  const dictionary = inflateRawSync(pack(d.url).subarray(d.start, d.end))
  return Array.from({ length: count }, (_, k) => {
    const { url, start, end } = locate(`r${k}`)
    return JSON.parse(inflateRawSync(pack(url).subarray(start, end), { dictionary }).toString('utf8')) as SearchRecord
  })
}

/** A locator of every item, texts included (their records read from the packs). */
export function fullLocator(manifest: SearchManifest, pack: (url: string) => Uint8Array) {
  const records = recordsOf(manifest, pack)
  return itemLocator(manifest, (page) => records[Math.floor(page / manifest.r)])
}

/** Paths of the pages of `manifest`, in index order. */
export function pathsOf(manifest: SearchManifest, pack: (url: string) => Uint8Array): string[] {
  return recordsOf(manifest, pack).flatMap((r) => r.map(([, path]) => path))
}

/** Names of every item of `manifest` (`c<k>`, `g<k>`, `fc<k>`, `fg<k>`, `d`, `l`, `r<k>`, `t<page>`), keyed by `url start`. */
export function itemNames(manifest: SearchManifest, pack: (url: string) => Uint8Array): Map<string, string> {
  const locate = fullLocator(manifest, pack)
  const buckets = bucketNames(manifest)
  const records = (decodeSizes(manifest.z).length - buckets.length - 2) / 2
  const names = [
    ...buckets,
    'd',
    'l',
    ...Array.from({ length: records }, (_, k) => `r${k}`),
    ...Array.from({ length: manifest.p }, (_, k) => `t${k}`),
  ]
  return new Map(names.map((name) => [`${locate(name).url} ${locate(name).start}`, name]))
}

/** The name of a tier read (`x<pack>-<start>-<end>`), when `url` is a tier pack. */
function tierName(manifest: SearchManifest, url: string, start: number, end: number): string | undefined {
  const pack = Number(url.slice(manifest.s.length, -'.bin'.length)) - manifest.k.length
  return pack >= 0 ? tierItem(pack, start, end) : undefined
}

/** A reader of byte ranges from files held in memory (`files` by URL), recording the items read. */
export function memoryReader(manifest: SearchManifest, byUrl: Map<string, Uint8Array>, fetched: string[] = []): ReadRange {
  const names = itemNames(manifest, (url) => byUrl.get(url)!)
  return async (url, start, end) => {
    const data = byUrl.get(url)
    if (data === undefined) throw new Error('404 ' + url)
    fetched.push(names.get(`${url} ${start}`) ?? tierName(manifest, url, start, end) ?? `${url} ${start}-${end}`)
    return data.slice(start, end)
  }
}

export function packed(entries: SearchEntry[], dir: string, target?: number, packTarget?: number, tierBytes?: number) {
  const { manifest, files } = buildSearchShards(entries, dir, target, packTarget, tierBytes)
  const byUrl = new Map(files.map(([name, data]) => [dir + name, data]))
  /** Items read, in order (`c3`, `g17`, `r2`, `t42`; tier reads as `x<pack>-<start>-<end>`). */
  const fetched: string[] = []
  const engine = createSearchEngine(JSON.parse(JSON.stringify(manifest)) as SearchManifest, memoryReader(manifest, byUrl, fetched))
  const run = async (query: string, max = 10): Promise<Suggestion[]> => engine.search(query, max)
  /** Bytes of the items read (deflated, as they travel). */
  const size = (items: string[]) => {
    const locate = fullLocator(manifest, (url) => byUrl.get(url)!)
    return items.reduce((n, item) => n + locate(item).end - locate(item).start, 0)
  }
  return { manifest, files, byUrl, fetched, engine, run, size }
}
