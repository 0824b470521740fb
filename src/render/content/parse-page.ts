import { createHash } from 'node:crypto'
import type { Root } from 'mdast'
import { localeLangOf } from '../../shared/page-lang.js'
import { routePathOf, withBase } from '../../shared/paths.js'
import type { Page } from '../../shared/types.js'
import { raise, type BuildWarning } from '../errors/index.js'
import { markupFacts } from '../bundle/markup-tokens.js'
import { locateFrontmatterKey, parseFrontmatter } from './frontmatter.js'
import type { ParseOptions } from './parse-options.js'
import type { ParsedPage, SourceFile } from './parsed-page.js'
import { lockIfProtected } from './lock-page.js'
import { MAX_NESTING, tooDeep } from '../markdown/blocks.js'
import { checkContainers, DEFAULT_LANG } from '../markdown/containers.js'
import { checkDemoBlocks, demoScripts } from '../markdown/demo.js'
import { emojify, mayHaveEmoji, replaceEmoji } from '../markdown/emoji.js'
import { excerptOf, moreExcerpt } from '../markdown/excerpt.js'
import { footnoteIds } from '../markdown/footnotes.js'
import { headingParts, slugHeadings, takeLeadingH1 } from '../markdown/headings.js'
import { importCode } from '../markdown/code-imports.js'
import { fenceLines } from '../markdown/code-lines.js'
import { addImageSizes } from '../markdown/image-sizes.js'
import { islandsOf } from '../markdown/islands.js'
import { frontmatterImages, rewriteLinks } from '../markdown/links.js'
import { parseMarkdown } from '../markdown/parse-markdown.js'
import { pageText } from '../markdown/page-text.js'
import { mdastToHtml, titleHtml } from '../markdown/to-html.js'
import { insertToc } from '../markdown/toc.js'
import { filterTags, mayHoldFilteredTags } from '../markdown/tag-filter.js'
import { refuseUnsafeUrls } from '../markdown/unsafe-urls.js'
import { visit } from '../markdown/visit.js'
import { pageBlocks, type PageBlockOptions } from '../markdown/page-blocks.js'
import { drawComponents } from '../markdown/vue-components.js'
import { interpolate, interpolateText } from '../markdown/vue-interpolation.js'

export type { ParseOptions } from './parse-options.js'

export type { ParsedPage, SourceFile } from './parsed-page.js'

/** A page's language: its frontmatter's `lang`, else its locale's, else the site's. */
function pageLang(own: string | undefined, routePath: string, { lang = DEFAULT_LANG, localeLangs = {} }: ParseOptions): string {
  return own || localeLangOf(routePath, lang, localeLangs)
}

const DEMO_OPENING = /:::[ \t]*demo/

/** The parsePage stage: frontmatter, markdown, slugs, toc, link rules, highlighting → Page + HTML. */
export function parsePage(file: SourceFile, options: ParseOptions): ParsedPage {
  const { frontmatter, tree, h1, headers, slugs, links, assets, anchors, imageStamps, importStamps, demos, routePath, lang, warnings } = preparePage(file, options)
  const more = moreExcerpt(tree, withBase(options.base, routePath))
  const html = mdastToHtml(tree, { lang })
  const text = pageText(tree, lang)
  const excerpt = more ? more.text || undefined : excerptOf(tree)
  const ids = [...slugs, ...footnoteIds(tree)]
  const page: Page = {
    title: frontmatter.title !== undefined ? emojify(frontmatter.title) : (h1?.title ?? ''),
    ...(h1 && { titleId: h1.id }),
    path: routePath,
    regularPath: routePath,
    relativePath: file.relativePath,
    key: 'v-' + createHash('sha1').update(file.relativePath).digest('hex').slice(0, 8),
    type: 'page',
    frontmatter,
    headers,
  }
  // The title's markup is the h1's only where the h1 is the title.
  const markup = h1 && frontmatter.title === undefined ? titleHtml(h1.node, tree, { lang }) : undefined
  if (markup !== undefined) page.titleHtml = markup
  const parsed: ParsedPage = { page, html, text, links, anchors, assets, ids, imageStamps, markup: markupFacts(html), islands: islandsOf(tree) }
  if (excerpt) parsed.excerpt = excerpt
  if (more) parsed.excerptHtml = mdastToHtml(more.blocks, { lang, lazyImages: true })
  if (Object.keys(importStamps).length) parsed.importStamps = importStamps
  if (demos && Object.keys(demos.files).length) parsed.files = demos.files
  if (warnings.length) parsed.warnings = warnings
  return lockIfProtected(parsed, file, options.siteKeys ?? [], lang)
}

/**
 * Everything parsePage does before the HTML: the tree as the HTML is written from it, and what
 * the passes over it found (exported for the test that holds both HTML writers equal).
 */
export function preparePage(file: SourceFile, options: ParseOptions) {
  const { base, contentDir, timeZone, lineNumbers = false } = options
  const displayPath = `content/${file.relativePath}`
  const { frontmatter, body, bodyLineOffset, warnings: frontmatterWarnings } = parseFrontmatter(file.source, displayPath, { timeZone })
  const tree = parseBody(body, bodyLineOffset, displayPath, file.source)
  if (bodyLineOffset) shiftLines(tree, bodyLineOffset)
  if (mayHoldFilteredTags(body)) filterTags(tree)
  // Imported code first: its blocks then take their lines and language as fenced ones do.
  const importStamps = contentDir ? importCode(tree, { contentDir, file: displayPath, source: file.source }) : {}
  fenceLines(tree, lineNumbers)
  refuseUnsafeUrls(tree, displayPath, file.source)
  // A demo block opens with `:::` and its name (containers.ts): a page without that skips both
  // demo passes (the word alone is common in prose and paths).
  const hasDemo = DEMO_OPENING.test(body)
  if (hasDemo) checkDemoBlocks(tree, displayPath, file.source)
  // Before the HTML: the demos' island props name the script files made here.
  const demos = hasDemo ? demoScripts(tree, base, displayPath) : undefined
  const warnings = [...(frontmatterWarnings ?? []), ...(body.includes(':::') ? checkContainers(tree, displayPath) : []), ...(demos?.warnings ?? [])]
  // Before the title and the headings are taken: they show the emoji too.
  if (mayHaveEmoji(body)) replaceEmoji(tree)
  // After the emoji: VuePress replaced shortcodes in the markdown, before Vue filled in `{{ }}`.
  const vueWarnings = readVue(tree, body, { frontmatter, site: options.site, markdown: options.markdown, file: displayPath })
  // The leading h1 is slugged first, as VuePress slugs it, and its links follow the link rules;
  // then it leaves the body for the layout, which renders it as the title (headings.ts).
  const { headers, slugs } = slugHeadings(tree)
  // After the headings are read: their badges are read from the tags as written.
  if (body.includes('<')) vueWarnings.push(...drawComponents(tree, displayPath))
  warnings.push(...vueWarnings.sort(byPlace))
  insertToc(tree, headers)
  const routePath = routePathOf(file.relativePath)
  const linkContext = { base, routePath, relativePath: file.relativePath }
  const { links, assets, anchors } = rewriteLinks(tree, linkContext)
  assets.push(...frontmatterImages(frontmatter, linkContext, (key) => locateFrontmatterKey(file.source, key)))
  const imageStamps = contentDir ? addImageSizes(tree, contentDir, base) : {}
  const lang = pageLang(frontmatter.lang, routePath, options)
  const h1 = takeLeadingH1(tree)
  return { frontmatter, tree, h1, headers, slugs, links, assets, anchors, imageStamps, importStamps, demos, routePath, lang, warnings }
}

const PAGE_BLOCK = /<(script|style)/i

/** Warnings in the order of their places in the page. */
const byPlace = (a: BuildWarning, b: BuildWarning): number => (a.loc?.line ?? 0) - (b.loc?.line ?? 0) || (a.loc?.column ?? 0) - (b.loc?.column ?? 0)

/**
 * What VuePress's Vue compiler did to a page before its headings are read: its own `<script>`
 * and `<style>` blocks taken out, `{{ }}` filled in. Each pass runs only on a page that can
 * hold what it looks for.
 */
function readVue(tree: Root, body: string, { frontmatter, site, markdown, file }: { frontmatter: Page['frontmatter']; site?: ParseOptions['site']; markdown?: PageBlockOptions; file: string }) {
  const warnings = PAGE_BLOCK.test(body) ? pageBlocks(tree, markdown ?? {}, file) : []
  if (body.includes('{{')) {
    const fm = frontmatter as Record<string, unknown>
    const ctx = { frontmatter: fm, pageTitle: '', site: site ?? { title: '', description: '' } }
    // `$page.title` is the frontmatter's title, else the leading h1's (its own `{{ }}` filled in).
    const first = tree.children[0]
    ctx.pageTitle = frontmatter.title ?? (first?.type === 'heading' && first.depth === 1 ? interpolateText(headingParts(first).title, ctx) : '')
    warnings.push(...interpolate(tree, ctx, file))
  }
  return warnings
}

/**
 * The markdown tree, with nesting kept within what the parser's recursion can take: deeper
 * input is refused at its line, and any stack overflow left becomes an error naming the page.
 */
function parseBody(body: string, bodyLineOffset: number, file: string, source: string): Root {
  const deep = tooDeep(body)
  if (deep) raise('NestingTooDeep', { depth: deep.depth, limit: MAX_NESTING }, { file, line: deep.line + bodyLineOffset, column: 1 }, { source })
  try {
    return parseMarkdown(body)
  } catch (err) {
    if (err instanceof RangeError && /call stack/i.test(err.message)) {
      raise('NestingTooDeep', { depth: MAX_NESTING + 1, limit: MAX_NESTING }, { file, line: bodyLineOffset + 1, column: 1 }, { source, cause: err })
    }
    throw err
  }
}

function shiftLines(tree: Root, offset: number): void {
  visit(tree, (node) => {
    if (!node.position) return
    node.position.start.line += offset
    node.position.end.line += offset
  })
}
