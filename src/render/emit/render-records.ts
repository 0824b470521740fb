import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { RouteData } from '../../shared/types.js'
import type { MarkupFacts } from '../bundle/markup-tokens.js'
import type { ParsedPage } from '../content/parse-page.js'
import { bodyIdentity } from '../content/page-bodies.js'
import type { DocumentFacts } from '../headers/index.js'
import type { RenderContext } from './render-html.js'

/**
 * What one document was made from, as digests: `site` the inputs every page shares (the config
 * and the head tags, the client's site data with the nav, the layout's bundle and styles, the
 * renderer's code, the dev server's script), `route` the route's own data (its page's
 * frontmatter and headings, the sidebar it shows, its neighbours for prev/next, the entries of a
 * list, its date), `body` the page's body as the parse wrote it (its source, through the parse
 * caches) with its excerpt and markup facts. Equal inputs make the same bytes, so a document
 * whose three digests did not change is not rendered again.
 */
export interface DocumentRecord {
  site: string
  route: string
  body: string
  /** What the headers stage takes of the document (its inline scripts, image hosts). */
  facts: DocumentFacts
  /** The bytes, when the output is kept in memory (the dev server). */
  bytes?: Uint8Array
}

const digest = (text: string): string => createHash('sha1').update(text).digest('base64url')

/** The renderer's code: a change to it (a new version of the package) renders every page again. */
let rendererKey: string | undefined
function rendererCode(): string {
  if (rendererKey) return rendererKey
  const hash = createHash('sha1')
  for (const name of ['render-html.js', 'render-html.tsx']) {
    const file = fileURLToPath(new URL(`./${name}`, import.meta.url))
    if (existsSync(file)) hash.update(readFileSync(file))
  }
  return (rendererKey = hash.digest('base64url'))
}

/** The digest of what every document of a build shares. */
export function siteInputs(ctx: RenderContext): string {
  const { config, site, bundle, bodyEnd } = ctx
  const layout = { entry: bundle.entry, preload: bundle.preload, listLayouts: bundle.listLayouts, stylesheet: bundle.stylesheet, styles: bundle.styles }
  return digest(JSON.stringify([rendererCode(), config, site, layout, bodyEnd ?? '']))
}

/** A route's data without its page's body (a getter that would read it from the body files). */
function routeInputs(data: RouteData): string {
  const rest: Record<string, unknown> = {}
  for (const key of Object.keys(data)) if (key !== 'html') rest[key] = (data as unknown as Record<string, unknown>)[key]
  return digest(JSON.stringify(rest))
}

/** Bodies' digests by page object, for pages whose body is a string held in memory. */
const heldBodies = new WeakMap<ParsedPage, string>()

function bodyInputs(page: ParsedPage | undefined, excerpt: string | undefined, markup: MarkupFacts | undefined): string {
  if (!page) return ''
  // A body in the body files is named by where it lies: a body file is never written again.
  let body = bodyIdentity(page)
  if (body === undefined) {
    body = heldBodies.get(page)
    if (body === undefined) heldBodies.set(page, (body = digest(page.html)))
  }
  return digest(JSON.stringify([body, excerpt ?? '', markup ?? null]))
}

/** The three digests of one document. */
export function documentInputs(site: string, data: RouteData, page: ParsedPage | undefined, ctx: RenderContext): Omit<DocumentRecord, 'facts' | 'bytes'> {
  return { site, route: routeInputs(data), body: page ? bodyInputs(page, ctx.excerpts?.get(data.path), ctx.markup?.get(data.path)) : '' }
}

/**
 * The records of the documents one build made, by output file, and of which output they are in:
 * the next build renders only documents whose inputs differ. With an output folder they are
 * kept in the cache folder beside it, named for that folder, and hold only while the folder
 * is the one the build swapped in (its inode); in memory they hold the bytes.
 */
export class RenderRecords {
  constructor(
    readonly docs: Map<string, DocumentRecord>,
    /** The output folder these documents are in, and its inode once swapped in. */
    readonly out?: { dir: string; ino: number },
  ) {}

  /** The record of `file`, when its inputs are these. */
  hit(file: string, inputs: Omit<DocumentRecord, 'facts' | 'bytes'>): DocumentRecord | undefined {
    const r = this.docs.get(file)
    return r && r.site === inputs.site && r.route === inputs.route && r.body === inputs.body ? r : undefined
  }

  /** Whether these records describe the output now at `dir` (or the in-memory output, for none). */
  holdFor(dir: string | undefined): boolean {
    if (!dir) return !this.out
    if (!this.out || this.out.dir !== resolve(dir)) return false
    try {
      return statSync(dir).ino === this.out.ino
    } catch {
      return false
    }
  }

  /** Records kept on disk for the output folder `out`, if there are any. */
  static load(cacheDir: string, out: string): RenderRecords | undefined {
    try {
      const stored = JSON.parse(readFileSync(recordsFile(cacheDir, out), 'utf8')) as StoredRecords
      if (stored.format !== FORMAT) return undefined
      const docs = new Map(Object.entries(stored.docs).map(([file, [site, route, body, scripts, origins]]) => [file, { site: stored.sites[site], route, body, facts: { inlineScripts: scripts.map((i) => stored.scripts[i]), imageOrigins: origins } }]))
      return new RenderRecords(docs, stored.out)
    } catch {
      return undefined
    }
  }

  /** Keep these records for the output folder now swapped in at `out`. */
  save(cacheDir: string, out: string): void {
    const sites: string[] = []
    const scripts: string[] = []
    const index = <T>(list: T[], at: Map<T, number>, value: T) => at.get(value) ?? (at.set(value, list.push(value) - 1), list.length - 1)
    const siteAt = new Map<string, number>()
    const scriptAt = new Map<string, number>()
    const docs: StoredRecords['docs'] = {}
    for (const [file, r] of this.docs) docs[file] = [index(sites, siteAt, r.site), r.route, r.body, r.facts.inlineScripts.map((s) => index(scripts, scriptAt, s)), r.facts.imageOrigins]
    const stored: StoredRecords = { format: FORMAT, out: { dir: resolve(out), ino: statSync(out).ino }, sites, scripts, docs }
    mkdirSync(cacheDir, { recursive: true })
    const file = recordsFile(cacheDir, out)
    writeFileSync(file + '.tmp', JSON.stringify(stored))
    renameSync(file + '.tmp', file)
  }
}

const FORMAT = 1

interface StoredRecords {
  format: number
  out: { dir: string; ino: number }
  sites: string[]
  scripts: string[]
  /** file → [site (index), route, body, inline scripts (indices), image origins] */
  docs: Record<string, [number, string, string, number[], string[]]>
}

/** One records file per output folder the site is built into. */
const recordsFile = (cacheDir: string, out: string) => join(cacheDir, `render-records.${digest(resolve(out)).slice(0, 12)}.json`)
