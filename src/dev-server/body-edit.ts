import { statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { BuildCaches } from '../render/build-caches.js'
import { readSources } from '../render/content/scan-content.js'
import { bodyOnlyChange, rendererOf, type DocumentAgain } from '../render/emit/render-again.js'
import type { SiteOutput } from '../render/build-site.js'

/**
 * An edit shown without a build: when every changed file is a page the served output already
 * has and each changed in its body alone (`bodyOnlyChange`), those pages are parsed again and
 * their documents rendered again with the last build's render context, and put into the served
 * output and the render records in place. Nothing else the site shows depends on a page's body
 * but the search index, the feeds and the page's own date, which the build that follows brings.
 * Returns false, changing nothing, for any other edit (the caller builds as before).
 */
export async function showBodyEdit(root: string, files: readonly string[], output: SiteOutput, caches: BuildCaches): Promise<boolean> {
  const records = caches.renderRecords(undefined)
  const renderer = records && rendererOf(records)
  if (!records || !renderer || !files.length) return false
  const contentDir = join(root, 'content')
  const names: string[] = []
  for (const file of files) {
    if (!file.startsWith(contentDir + sep) || !file.endsWith('.md') || !isFile(file)) return false
    names.push(relative(contentDir, file).split(sep).join('/'))
  }
  const index = new Map(output.parsed.map((p, i) => [p.page.relativePath, i]))
  if (!names.every((name) => index.has(name))) return false
  const read = readSources(contentDir, names)
  if (read.warnings.length) return false
  const pages = await caches.parseEdited(read.sources)
  if (!pages.every((page, i) => bodyOnlyChange(output.parsed[index.get(names[i])!], page))) return false
  const made: DocumentAgain[] = []
  for (const page of pages) {
    const again = renderer.render(page)
    // A document whose inline scripts or image hosts changed needs the headers made again: a build.
    if (!again || !isSame(records.docs.get(again.file)?.facts, again.record.facts)) return false
    made.push(again)
  }
  caches.keepEdited(read.sources, pages)
  pages.forEach((page, i) => (output.parsed[index.get(names[i])!] = page))
  for (const { file, html, record } of made) {
    const bytes = Buffer.from(html)
    records.docs.set(file, { ...record, bytes })
    output.files.set(file, bytes)
  }
  return true
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

const isSame = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
