import { isDeepStrictEqual } from 'node:util'
import type { RouteData } from '../../shared/types.js'
import type { MarkupFacts } from '../bundle/markup-tokens.js'
import type { ParsedPage } from '../content/parse-page.js'
import { documentFacts } from '../headers/index.js'
import type { RenderContext } from './render-html.js'
import { documentInputs, type DocumentRecord, type RenderRecords } from './render-records.js'

/** The fields of a parsed page that only its own document shows: its body's HTML, its search text, the body's markup facts. */
const BODY_FIELDS = new Set(['html', 'text', 'markup'])

/** A parsed page without its body fields (reading them would read the body files). */
function withoutBody(parsed: ParsedPage): Record<string, unknown> {
  const rest: Record<string, unknown> = {}
  for (const key of Object.keys(parsed)) if (!BODY_FIELDS.has(key)) rest[key] = (parsed as unknown as Record<string, unknown>)[key]
  return rest
}

/**
 * Whether `after` differs from `before` in its body only: its title, frontmatter, headings,
 * links, ids, excerpt, islands, files and warnings are the same, so the site data, the routes,
 * the references and every other document are too (the search index and the feeds are not,
 * and follow in a build).
 */
export function bodyOnlyChange(before: ParsedPage, after: ParsedPage): boolean {
  return isDeepStrictEqual(withoutBody(before), withoutBody(after))
}

/** One document made again. */
export interface DocumentAgain {
  file: string
  html: string
  /** Its record, as the render stage would have made it. */
  record: Omit<DocumentRecord, 'bytes'>
}

/**
 * What the last build's render stage knew, kept so that a page whose body alone changed can be
 * rendered again without a build (the dev server shows an edit this way, then builds): the
 * render's context, the digest of what every document shares, and the route of each page that
 * shows a body, by page path.
 */
export class DocumentRenderer {
  private readonly markup: Map<string, MarkupFacts>

  constructor(
    private readonly ctx: RenderContext,
    private readonly site: string,
    private readonly renderDocument: (data: RouteData, ctx: RenderContext) => string,
    private readonly routes: Map<string, { file: string; data: RouteData }>,
  ) {
    this.markup = new Map(ctx.markup)
  }

  /** The document of `parsed`'s route with its new body, or undefined when no route shows it. */
  render(parsed: ParsedPage): DocumentAgain | undefined {
    const at = this.routes.get(parsed.page.path)
    if (!at) return undefined
    // The route's data with the new body (the old data reads the old page's).
    const data = Object.defineProperties({}, Object.getOwnPropertyDescriptors(at.data)) as RouteData
    Object.defineProperty(data, 'html', { value: parsed.html, enumerable: true, configurable: true, writable: true })
    if (parsed.markup) this.markup.set(parsed.page.path, parsed.markup)
    else this.markup.delete(parsed.page.path)
    const ctx: RenderContext = { ...this.ctx, markup: this.markup }
    const html = this.renderDocument(data, ctx)
    this.routes.set(parsed.page.path, { file: at.file, data })
    return { file: at.file, html, record: { ...documentInputs(this.site, data, parsed, ctx), facts: documentFacts(html) } }
  }
}

/** The renderer of the in-memory build whose records these are (the records do not know it: it is the dev server's). */
const renderers = new WeakMap<RenderRecords, DocumentRenderer>()

export function keepRenderer(records: RenderRecords, renderer: DocumentRenderer): void {
  renderers.set(records, renderer)
}

export const rendererOf = (records: RenderRecords): DocumentRenderer | undefined => renderers.get(records)
