import { readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import type { ParsedPage } from '../../render/content/parse-page.js'
import { decodeHash, hashResolves } from '../../shared/paths.js'
import { buildProblems, referenceKey, treeRefs, type BuildFindings, type TreeRef } from './build-findings.js'
import { checkExternal, type ExternalCheck, type ExternalCheckOptions } from './check-external.js'
import { collectReferences, type HtmlReference, type PageScan } from './collect-references.js'
import { LinkCache } from './link-cache.js'
import { locateInSource } from './locate-source.js'
import type { OutputTree } from './output-tree.js'
import { sortProblems, type CheckReport, type LinkProblem } from './report.js'
import { classifyUrl, outputPathOf, pageUrl, resolveFile } from './resolve-internal.js'

export interface CheckLinksOptions {
  /** The site folder (holds `content/`); reported paths are relative to it. */
  root: string
  /** The output folder: where `output` is (or would be written); reported output paths are in it. */
  outDir: string
  /** The built site to check. */
  output: OutputTree
  /** The site base the output is served under (`/gpt/`). */
  base: string
  /** What the build found in the sources; its problems are reported too, and its parsed pages place content links exactly. */
  build?: BuildFindings
  /** Check http(s) links too. */
  external?: boolean
  externalOptions?: Partial<ExternalCheckOptions>
  /** Where external results are kept between runs; none when absent. */
  cacheFile?: string
}

async function scanPages(output: OutputTree, htmlFiles: string[]): Promise<Map<string, PageScan>> {
  const pages = new Map<string, PageScan>()
  // Bounded parallelism: a large site has thousands of pages.
  for (let i = 0; i < htmlFiles.length; i += 32) {
    const batch = htmlFiles.slice(i, i + 32)
    const scans = await Promise.all(batch.map(async (f) => collectReferences(f, await output.readText(f))))
    for (const scan of scans) pages.set(scan.file, scan)
  }
  return pages
}

interface Broken {
  page: PageScan
  ref: HtmlReference
  reason: string
}

/**
 * Check every reference of the built site and merge in what the build found in the sources;
 * problems are placed in the file a person would edit, and a link both found is reported once.
 */
export async function checkLinks(options: CheckLinksOptions): Promise<CheckReport> {
  const { root, outDir, output, base } = options
  const show = (outFile: string) => relative(root, join(outDir, outFile)).split(sep).join('/')
  const { files, dirs } = output
  const pages = await scanPages(output, [...files].filter((f) => /\.html?$/i.test(f)).sort())

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
      if (ids && !hashResolves(id, ids)) broken.push({ page, ref, reason: `no element with id "${id}" in ${show(resolved.file)}` })
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

  const placed = await placeProblems(broken, options)
  // A link both the build and the scan found is one problem: the scan's, at the build's place.
  const at = (p: LinkProblem) => (p.column ? `${p.file}\0${p.line}\0${p.column}` : undefined)
  const scanned = new Set(placed.map(at).filter(Boolean))
  const fromBuild = options.build ? buildProblems(options.build, base).filter((p) => !scanned.has(at(p))) : []
  // The same link twice on one line (a nav rendered for wide and narrow screens) is one problem.
  const all = [...placed, ...fromBuild]
  const problems = sortProblems([...new Map(all.map((p) => [`${p.file}\0${p.line}\0${p.column ?? 0}\0${p.link}\0${p.reason}`, p])).values()])
  return {
    problems,
    summary: {
      pages: pages.size,
      internal,
      external: externalRefs.length,
      externalUrls: new Set(externalRefs.map((r) => r.url)).size,
      externalChecked: !!options.external,
      problems: problems.length,
      buildFailed: false,
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

/** The output file and hash an internal reference of a page lands on, or none (external, outside the base). */
function keyOf(page: PageScan, ref: HtmlReference, base: string): string | undefined {
  const target = classifyUrl(ref.url, pageUrl(base, page.file))
  if (target.kind !== 'internal') return undefined
  const path = outputPathOf(target.pathname, base)
  return path.ok ? referenceKey(path.rel, decodeHash(target.hash)) : undefined
}

/**
 * Content links are reported where the markdown has them. A page's references written in
 * markdown pair, in order, with the markdown links the build parsed (exact line and column);
 * when the counts differ (the same target also in raw HTML) or the build has no such link (raw
 * HTML only), the source is searched for the link's spellings. Theme links (nav, sidebar,
 * header), and anything not found in the source, stay at the output file's line.
 */
async function placeProblems(broken: Broken[], options: CheckLinksOptions): Promise<LinkProblem[]> {
  const { root, outDir, base } = options
  const show = (outFile: string) => relative(root, join(outDir, outFile)).split(sep).join('/')
  const parsedBySource = new Map<string, ParsedPage>(options.build?.parsed.map((p) => [p.page.relativePath, p]) ?? [])
  const treeBySource = new Map<string, Map<string, TreeRef[]>>()
  const treeOf = (source: string): Map<string, TreeRef[]> => {
    let byKey = treeBySource.get(source)
    if (!byKey) {
      byKey = new Map()
      const parsed = parsedBySource.get(source)
      for (const ref of parsed ? treeRefs(parsed, base) : []) byKey.set(ref.key, [...(byKey.get(ref.key) ?? []), ref])
      treeBySource.set(source, byKey)
    }
    return byKey
  }
  const htmlByPage = new Map<PageScan, Map<string, HtmlReference[]>>()
  const contentRefsOf = (page: PageScan): Map<string, HtmlReference[]> => {
    let byKey = htmlByPage.get(page)
    if (!byKey) {
      byKey = new Map()
      for (const ref of page.references) {
        const key = ref.inContent ? keyOf(page, ref, base) : undefined
        if (key !== undefined) byKey.set(key, [...(byKey.get(key) ?? []), ref])
      }
      htmlByPage.set(page, byKey)
    }
    return byKey
  }

  const sources = new Map<string, string | undefined>()
  const rawKey = (b: Broken) => `${b.page.file}\0${b.ref.raw}`
  // The same link written twice on a page: the n-th one in the HTML is the n-th in the markdown.
  const totals = new Map<string, number>()
  for (const b of broken) if (b.ref.inContent) totals.set(rawKey(b), (totals.get(rawKey(b)) ?? 0) + 1)
  const seen = new Map<string, number>()
  const snapped = new Set<TreeRef>()
  const problems: LinkProblem[] = []
  for (const b of broken) {
    const { page, ref, reason } = b
    let placed: LinkProblem | undefined
    if (ref.inContent && page.source) {
      const file = `content/${page.source}`
      const key = keyOf(page, ref, base)
      const tree = key === undefined ? [] : (treeOf(page.source).get(key) ?? [])
      const html = key === undefined ? [] : (contentRefsOf(page).get(key) ?? [])
      if (tree.length && tree.length === html.length) {
        const t = tree[html.indexOf(ref)]
        placed = { file, line: t.line, column: t.column, link: ref.url, reason }
      } else {
        if (!sources.has(page.source)) sources.set(page.source, await readFile(join(root, 'content', page.source), 'utf8').catch(() => undefined))
        const source = sources.get(page.source)
        if (source !== undefined) {
          const n = seen.get(rawKey(b)) ?? 0
          seen.set(rawKey(b), n + 1)
          const line = locateInSource(source, { raw: ref.raw, url: ref.url, base, occurrence: n, total: totals.get(rawKey(b)) })
          if (line !== undefined) {
            // On the line of a markdown link to the same target: that link, with its column.
            const t = tree.find((r) => r.line === line && !snapped.has(r))
            if (t) snapped.add(t)
            placed = { file, line, ...(t ? { column: t.column } : {}), link: ref.url, reason }
          }
        }
      }
    }
    problems.push(placed ?? { file: show(page.file), line: ref.line, link: ref.url, reason })
  }
  return problems
}
