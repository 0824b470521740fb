/**
 * The comment's markdown → HTML, as Valine rendered it: GFM with tables, line breaks as
 * `<br>`, smart typography (marked-smartypants), heading ids prefixed `v-` (so they never clash
 * with the article's own). Loaded with a dynamic import the first time the reader works in the
 * editor, so marked is a chunk of its own. The HTML is not safe by itself: it goes through
 * `../kit/comment-html.ts` before it is shown, and the service sanitises what is stored.
 */
import { Marked, type Tokens } from 'marked'
import { markedSmartypants } from 'marked-smartypants'
import { escapeHtml } from '../../../shared/escape.js'

/** What a pasted image's reference points at in the editor: `![name](local:1)`. */
export const LOCAL_IMAGE_RE = /^local:\d+$/

export interface RenderOptions {
  /**
   * Pasted images (`local:N` → data URL): shown in the preview. Without it (the HTML that is
   * posted) a local image becomes its name as text: it was never uploaded, so nobody else
   * could see it.
   */
  images?: ReadonlyMap<string, string>
  /** The label of an image that stayed on the reader's machine. */
  imageLabel?: string
}

/** A heading's id: letters, digits, `_` and `-` only (what the service keeps), prefixed `v-`. */
export function headingSlug(text: string): string {
  const slug = text
    .replace(/<[^>]*>/g, '')
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s+/g, '-')
  return Array.from(slug).slice(0, 90).join('')
}

let current: RenderOptions = {}
let seen = new Map<string, number>()

const md = new Marked({ gfm: true, breaks: true })
md.use(markedSmartypants())
md.use({
  renderer: {
    heading(this: { parser: { parseInline(tokens: Tokens.Heading['tokens']): string } }, { tokens, depth, text }: Tokens.Heading) {
      const base = headingSlug(text) || 'heading'
      const n = seen.get(base) ?? 0
      seen.set(base, n + 1)
      const id = `v-${n === 0 ? base : `${base}-${n}`}`
      return `<h${depth} id="${escapeHtml(id)}">${this.parser.parseInline(tokens)}</h${depth}>\n`
    },
    image({ href, title, text }: Tokens.Image) {
      if (LOCAL_IMAGE_RE.test(href)) {
        const data = current.images?.get(href)
        if (!data) return `[${escapeHtml(current.imageLabel ?? 'image')}: ${escapeHtml(text)}]`
        href = data
      }
      return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${title ? ` title="${escapeHtml(title)}"` : ''}>`
    },
  },
})

/** Markdown to (unsanitised) HTML. */
export function renderMarkdown(text: string, options: RenderOptions = {}): string {
  current = options
  seen = new Map()
  try {
    return md.parse(text, { async: false })
  } finally {
    current = {}
  }
}
