import { originOf } from './origins.js'

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const ATTR = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
/** Script types a browser runs; any other (`application/json`, `text/template`) is data. */
const RUNNABLE = /^(|module|(text|application)\/(x-)?(javascript|ecmascript))$/i

const attr = (attrs: string, name: string): string | undefined => {
  const m = ATTR(name).exec(attrs)
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined
}

/** The few character references an address in an attribute carries. */
const decode = (value: string): string =>
  value.replace(/&(amp|quot|#39|#x27|lt|gt);/g, (_, e: string) => ({ amp: '&', quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>' })[e]!)

/**
 * The text of every inline script of a document that a browser would run (no `src`, a script
 * type): what the policy must allow by hash. The text is taken as written, which is what the
 * browser hashes (a script element's content is raw text: no references are decoded; only line
 * ends are made LF, as the parser does).
 */
export function inlineScriptsOf(html: string): string[] {
  const found: string[] = []
  for (const m of html.matchAll(SCRIPT)) {
    const attrs = m[1]
    if (attr(attrs, 'src') !== undefined) continue
    if (!RUNNABLE.test((attr(attrs, 'type') ?? '').trim())) continue
    // The HTML parser turns CR LF and CR into LF before the script sees its text.
    found.push(m[2].replace(/\r\n?/g, '\n'))
  }
  return found
}

const IMAGE_TAG = /<(img|source)\b([^>]*)>/gi

/**
 * Origins of the images a document shows from other hosts (`img[src|srcset]`,
 * `source[srcset]`), so content that links an image elsewhere keeps showing it. Escaped markup
 * (code blocks, island props) is text, not a tag, and is not read.
 */
export function imageOriginsOf(html: string): string[] {
  const origins = new Set<string>()
  for (const m of html.matchAll(IMAGE_TAG)) {
    const attrs = m[2]
    const candidates = [attr(attrs, 'src'), ...(attr(attrs, 'srcset') ?? '').split(',').map((c) => c.trim().split(/\s+/)[0])]
    for (const c of candidates) {
      if (!c) continue
      const address = decode(c)
      // A scheme-relative address loads with the page's scheme: a source without one matches it.
      const origin = address.startsWith('//') ? originOf('https:' + address)?.slice('https://'.length) : originOf(address)
      if (origin) origins.add(origin)
    }
  }
  return [...origins]
}

/** What the policy needs from one rendered document: its inline scripts and the hosts of its images. */
export interface DocumentFacts {
  inlineScripts: string[]
  imageOrigins: string[]
}

export const documentFacts = (html: string): DocumentFacts => ({ inlineScripts: inlineScriptsOf(html), imageOrigins: imageOriginsOf(html) })

/**
 * What the policy needs from the rendered pages, gathered one page at a time as the render stage
 * makes them (so no stage holds every page as text): their inline scripts and image hosts. A
 * document not rendered again brings the facts recorded when it was.
 */
export class PageFacts {
  readonly inlineScripts = new Set<string>()
  readonly imageOrigins = new Set<string>()

  add(facts: DocumentFacts): void {
    for (const s of facts.inlineScripts) this.inlineScripts.add(s)
    for (const o of facts.imageOrigins) this.imageOrigins.add(o)
  }
}
