import { CLIENT_ENTRY_ATTR, CLIENT_PRELOAD_ATTR, CONTENT_ATTR, DATA_SCRIPT_ID } from '../../shared/markup.js'
import { lineIndex, scanHtml, type StartTag } from './scan-html.js'

/** One URL a built page refers to: a link, an image, a script, a stylesheet… */
export interface HtmlReference {
  /** The URL, entity-decoded (one candidate of a `srcset`). */
  url: string
  /** The attribute value as written in the HTML, to find it again in the markdown. */
  raw: string
  tag: string
  attr: string
  /** Line of the tag in the HTML file. */
  line: number
  /** Inside the page's markdown body (`[data-gn-content]`) rather than the theme. */
  inContent: boolean
}

export interface PageScan {
  /** Output-relative path with `/` separators (`handbook/a.html`). */
  file: string
  references: HtmlReference[]
  /** Every `id` in the document: the targets of `#hash` links. */
  ids: Set<string>
  /** The markdown file the page was built from, relative to `content/`, when it has one. */
  source?: string
}

/** Attributes holding URLs, per tag. `link` is handled apart: only some `rel`s load something. */
const URL_ATTRS: Record<string, string[]> = {
  a: ['href'],
  area: ['href'],
  img: ['src', 'srcset'],
  // The client's loader names the entry module and the modules preloaded with it.
  script: ['src', CLIENT_ENTRY_ATTR, CLIENT_PRELOAD_ATTR],
  source: ['src', 'srcset'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  iframe: ['src'],
  embed: ['src'],
  object: ['data'],
}
/** `link` relations whose `href` the browser fetches (canonical, alternate… are only hints). */
const LINK_RELS = new Set(['stylesheet', 'modulepreload', 'preload', 'prefetch', 'icon', 'apple-touch-icon', 'mask-icon', 'manifest'])

/** The URLs of a `srcset` (`a.png 1x, b.png 2x`), per the HTML parsing rules. */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = []
  let i = 0
  while (i < srcset.length) {
    while (i < srcset.length && /[\s,]/.test(srcset[i])) i++
    let j = i
    while (j < srcset.length && !/\s/.test(srcset[j])) j++
    let url = srcset.slice(i, j)
    i = j
    if (url.endsWith(',')) url = url.replace(/,+$/, '')
    else {
      // Skip the descriptors (`2x`, `480w`) up to the next comma outside parentheses.
      let depth = 0
      while (i < srcset.length && (srcset[i] !== ',' || depth > 0)) {
        if (srcset[i] === '(') depth++
        else if (srcset[i] === ')') depth = Math.max(0, depth - 1)
        i++
      }
    }
    if (url) urls.push(url)
  }
  return urls
}

function urlsOf(tag: StartTag): { attr: string; url: string; raw: string }[] {
  const attrs = tag.name === 'link' ? linkAttrs(tag) : URL_ATTRS[tag.name]
  if (!attrs) return []
  const out: { attr: string; url: string; raw: string }[] = []
  for (const attr of attrs) {
    const value = tag.attrs.get(attr)
    if (!value) continue
    if (attr === 'srcset') {
      const raws = srcsetUrls(value.raw)
      srcsetUrls(value.value).forEach((url, i) => out.push({ attr, url, raw: raws[i] ?? url }))
    } else if (attr === CLIENT_PRELOAD_ATTR) {
      // The loader's preloads are relative to its entry (names in the entry's folder).
      const entry = tag.attrs.get(CLIENT_ENTRY_ATTR)?.value.trim() ?? ''
      const folder = entry.slice(0, entry.lastIndexOf('/') + 1)
      const raws = value.raw.split(/\s+/).filter(Boolean)
      value.value
        .split(/\s+/)
        .filter(Boolean)
        .forEach((url, i) => out.push({ attr, url: /^([a-z][a-z0-9+.-]*:|\/)/i.test(url) ? url : folder + url, raw: raws[i] ?? url }))
    } else out.push({ attr, url: value.value.trim(), raw: value.raw.trim() })
  }
  return out
}

function linkAttrs(tag: StartTag): string[] {
  const rels = (tag.attrs.get('rel')?.value ?? '').toLowerCase().split(/\s+/)
  return rels.some((r) => LINK_RELS.has(r)) ? ['href'] : []
}

/** The markdown file behind a page, read from the page's inline data (`__GPTNOTES_DATA__`). */
function sourceOf(json: string): string | undefined {
  try {
    const data = JSON.parse(json) as { route?: { page?: { relativePath?: unknown } } }
    const rel = data.route?.page?.relativePath
    return typeof rel === 'string' ? rel : undefined
  } catch {
    return undefined
  }
}

/** Every reference and id of one built HTML document. */
export function collectReferences(file: string, html: string): PageScan {
  const lineOf = lineIndex(html)
  const references: HtmlReference[] = []
  const ids = new Set<string>()
  let source: string | undefined
  // The markdown body: from the element marked `data-gn-content` to its end tag.
  let content: { name: string; depth: number } | undefined
  for (const tag of scanHtml(html)) {
    if (tag.type === 'end') {
      if (content && tag.name === content.name && --content.depth === 0) content = undefined
      continue
    }
    const id = tag.attrs.get('id')?.value
    if (id) ids.add(id)
    if (tag.name === 'script' && id === DATA_SCRIPT_ID && tag.text) source = sourceOf(tag.text)
    for (const { attr, url, raw } of urlsOf(tag)) {
      references.push({ url, raw, tag: tag.name, attr, line: lineOf(tag.offset), inContent: content !== undefined })
    }
    if (content && tag.name === content.name && !tag.selfClosing) content.depth++
    else if (!content && tag.attrs.has(CONTENT_ATTR) && !tag.selfClosing) content = { name: tag.name, depth: 1 }
  }
  return { file, references, ids, source }
}
