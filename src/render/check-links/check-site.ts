import { readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { decodeHash } from '../../shared/paths.js'
import { checkExternal, type ExternalCheck, type ExternalCheckOptions } from './check-external.js'
import { collectReferences, type HtmlReference, type PageScan } from './collect-references.js'
import { LinkCache } from './link-cache.js'
import { locateInSource } from './locate-source.js'
import { sortProblems, type CheckReport, type LinkProblem } from './report.js'
import { classifyUrl, hashAlwaysResolves, pageUrl, resolveFile } from './resolve-internal.js'

export interface CheckLinksOptions {
  /** The site folder (holds `content/`); reported paths are relative to it. */
  root: string
  /** The built output. */
  outDir: string
  /** The site base the output is served under (`/gpt/`). */
  base: string
  /** Check http(s) links too. */
  external?: boolean
  externalOptions?: Partial<ExternalCheckOptions>
  /** Where external results are kept between runs; none when absent. */
  cacheFile?: string
}

/** Every file and folder of the output, `/`-separated and relative to it. */
async function listOutput(outDir: string): Promise<{ files: Set<string>; dirs: Set<string> }> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true })
  const files = new Set<string>()
  const dirs = new Set<string>()
  for (const e of entries) {
    const rel = relative(outDir, join(e.parentPath, e.name)).split(sep).join('/')
    if (e.isDirectory()) dirs.add(rel)
    else files.add(rel)
  }
  return { files, dirs }
}

async function scanPages(outDir: string, htmlFiles: string[]): Promise<Map<string, PageScan>> {
  const pages = new Map<string, PageScan>()
  // Bounded parallelism: a large site has thousands of pages.
  for (let i = 0; i < htmlFiles.length; i += 32) {
    const batch = htmlFiles.slice(i, i + 32)
    const scans = await Promise.all(batch.map(async (f) => collectReferences(f, await readFile(join(outDir, f), 'utf8'))))
    for (const scan of scans) pages.set(scan.file, scan)
  }
  return pages
}

interface Broken {
  page: PageScan
  ref: HtmlReference
  reason: string
}

/** Check every reference of the built site; problems are placed in the file a person would edit. */
export async function checkLinks(options: CheckLinksOptions): Promise<CheckReport> {
  const { root, outDir, base } = options
  const show = (outFile: string) => relative(root, join(outDir, outFile)).split(sep).join('/')
  const { files, dirs } = await listOutput(outDir)
  const pages = await scanPages(outDir, [...files].filter((f) => /\.html?$/i.test(f)).sort())

  const broken: Broken[] = []
  const externalRefs: { page: PageScan; ref: HtmlReference; url: string }[] = []
  let internal = 0
  for (const page of pages.values()) {
    const from = pageUrl(base, page.file)
    for (const ref of page.references) {
      const target = classifyUrl(ref.url, from)
      if (target.kind === 'skip') continue
      if (target.kind === 'external') {
        externalRefs.push({ page, ref, url: target.url })
        continue
      }
      internal++
      const resolved = resolveFile(target.pathname, base, files, dirs)
      if (!resolved.ok) {
        broken.push({ page, ref, reason: resolved.file ? `${resolved.reason}: ${show(resolved.file)}` : resolved.reason })
        continue
      }
      const id = decodeHash(target.hash)
      const ids = pages.get(resolved.file)?.ids
      if (ids && !hashAlwaysResolves(id) && !ids.has(id)) broken.push({ page, ref, reason: `no element with id "${id}" in ${show(resolved.file)}` })
    }
  }

  if (options.external && externalRefs.length) {
    const results = await checkExternalCached(
      externalRefs.map((r) => r.url),
      options,
    )
    for (const { page, ref, url } of externalRefs) {
      const result = results.get(url)
      if (result && !result.ok) broken.push({ page, ref, reason: result.reason ?? 'failed' })
    }
  }

  // The same link twice on one line (a nav rendered for wide and narrow screens) is one problem.
  const placed = await placeProblems(broken, root, show, base)
  const problems = sortProblems([...new Map(placed.map((p) => [`${p.file}\0${p.line}\0${p.link}\0${p.reason}`, p])).values()])
  return {
    problems,
    summary: {
      pages: pages.size,
      internal,
      external: externalRefs.length,
      externalUrls: new Set(externalRefs.map((r) => r.url)).size,
      externalChecked: !!options.external,
      problems: problems.length,
    },
  }
}

/** Ask only what the cache does not know to work; record what was asked. */
async function checkExternalCached(urls: string[], options: CheckLinksOptions): Promise<Map<string, ExternalCheck>> {
  const cache = options.cacheFile ? await LinkCache.open(options.cacheFile) : undefined
  const results = new Map<string, ExternalCheck>()
  const toAsk: string[] = []
  for (const url of new Set(urls)) {
    const hit = cache?.freshSuccess(url)
    if (hit) results.set(url, { ...hit, retries: 0 })
    else toAsk.push(url)
  }
  const fresh = await checkExternal(toAsk, options.externalOptions)
  for (const [url, result] of fresh) {
    results.set(url, result)
    cache?.record(url, { ok: result.ok, status: result.status, reason: result.reason })
  }
  // A cache that cannot be written only costs time on the next run.
  await cache?.save().catch(() => undefined)
  return results
}

/**
 * Content links are reported at their line in the markdown (found by searching the source for
 * the link); theme links (nav, sidebar, header) and anything not found there at the HTML line.
 */
async function placeProblems(broken: Broken[], root: string, show: (f: string) => string, base: string): Promise<LinkProblem[]> {
  const sources = new Map<string, string | undefined>()
  const key = (b: Broken) => `${b.page.file}\0${b.ref.raw}`
  // The same link written twice on a page: the n-th one in the HTML is the n-th in the markdown.
  const totals = new Map<string, number>()
  for (const b of broken) if (b.ref.inContent) totals.set(key(b), (totals.get(key(b)) ?? 0) + 1)
  const seen = new Map<string, number>()
  const problems: LinkProblem[] = []
  for (const b of broken) {
    const { page, ref, reason } = b
    let placed: LinkProblem | undefined
    if (ref.inContent && page.source) {
      if (!sources.has(page.source)) sources.set(page.source, await readFile(join(root, 'content', page.source), 'utf8').catch(() => undefined))
      const source = sources.get(page.source)
      if (source !== undefined) {
        const n = seen.get(key(b)) ?? 0
        seen.set(key(b), n + 1)
        const line = locateInSource(source, ref.raw, ref.url, base, n, totals.get(key(b)))
        if (line !== undefined) placed = { file: `content/${page.source}`, line, link: ref.url, reason }
      }
    }
    problems.push(placed ?? { file: show(page.file), line: ref.line, link: ref.url, reason })
  }
  return problems
}
