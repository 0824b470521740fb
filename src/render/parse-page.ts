import { createHash } from 'node:crypto'
import type { Root } from 'mdast'
import { routePathOf } from '../shared/paths.js'
import type { Page } from '../shared/types.js'
import { parseFrontmatter } from './frontmatter.js'
import { slugHeadings, takeLeadingH1 } from './markdown/headings.js'
import { addImageSizes } from './markdown/image-sizes.js'
import type { AssetRef, LinkRef } from './markdown/links.js'
import { rewriteLinks } from './markdown/links.js'
import { parseMarkdown } from './markdown/parse-markdown.js'
import { mdastToHtml } from './markdown/to-html.js'
import { insertToc } from './markdown/toc.js'

export interface SourceFile {
  /** Path relative to `content/`, with `/` separators (`handbook/a.md`). */
  relativePath: string
  source: string
}

/** Everything later stages need from one markdown file; plain data (crosses worker threads). */
export interface ParsedPage {
  page: Page
  html: string
  links: LinkRef[]
  anchors: LinkRef[]
  assets: AssetRef[]
  /** Ids that `#hash` links may target: heading slugs and footnotes. */
  ids: string[]
  /** Image files whose sizes went into the HTML, with their stamps (see `fileStamp`). */
  imageStamps: Record<string, string>
}

export interface ParseOptions {
  base: string
  /** The `content/` folder, to read image sizes; without it images get no width/height. */
  contentDir?: string
}

/** The parsePage stage: frontmatter, markdown, slugs, toc, link rules, highlighting → Page + HTML. */
export function parsePage(file: SourceFile, { base, contentDir }: ParseOptions): ParsedPage {
  const displayPath = `content/${file.relativePath}`
  const { frontmatter, body, bodyLineOffset } = parseFrontmatter(file.source, displayPath)
  const tree = parseMarkdown(body)
  if (bodyLineOffset) shiftLines(tree, bodyLineOffset)
  const h1 = takeLeadingH1(tree)
  const { headers, slugs } = slugHeadings(tree)
  insertToc(tree, headers)
  const routePath = routePathOf(file.relativePath)
  const { links, assets, anchors } = rewriteLinks(tree, { base, routePath, relativePath: file.relativePath })
  const imageStamps = contentDir ? addImageSizes(tree, contentDir, base) : {}
  const html = mdastToHtml(tree)
  const ids = [...slugs]
  for (const m of html.matchAll(/ id="(fn-[^"]+|fnref-[^"]+)"/g)) ids.push(m[1])
  const page: Page = {
    title: frontmatter.title ?? h1 ?? '',
    path: routePath,
    regularPath: routePath,
    relativePath: file.relativePath,
    key: 'v-' + createHash('sha1').update(file.relativePath).digest('hex').slice(0, 8),
    type: 'page',
    frontmatter,
    headers,
  }
  return { page, html, links, anchors, assets, ids, imageStamps }
}

function shiftLines(tree: Root, offset: number): void {
  const visit = (node: { position?: { start: { line: number }; end: { line: number } }; children?: unknown[] }) => {
    if (node.position) {
      node.position.start.line += offset
      node.position.end.line += offset
    }
    if (node.children) for (const c of node.children) visit(c as never)
  }
  visit(tree as never)
}
