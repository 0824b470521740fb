/**
 * What a paste or a drop brings into the editor: images become markdown references to a local
 * data-URL copy (shown in the preview; never uploaded anywhere), HTML becomes its text with the
 * tags stripped, plain text stays as it is.
 */

export type Dropped =
  | { kind: 'images'; files: File[] }
  | { kind: 'text'; text: string }
  | { kind: 'none' }

/** The text of an HTML fragment; parsed inert (DOMParser runs no scripts and loads nothing). */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  for (const el of Array.from(doc.querySelectorAll('script, style, template, noscript'))) el.remove()
  for (const br of Array.from(doc.querySelectorAll('br'))) br.replaceWith('\n')
  for (const block of Array.from(doc.querySelectorAll('p, div, li, h1, h2, h3, h4, h5, h6, tr, pre, blockquote'))) block.append('\n')
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim()
}

/**
 * What a clipboard or drop carries, in the order it is taken: images; else the plain text a
 * page or editor put beside its HTML (already free of tags); else the HTML's text.
 */
export function readTransfer(data: DataTransfer | null): Dropped {
  if (!data) return { kind: 'none' }
  const files = Array.from(data.files ?? []).filter((f) => f.type.startsWith('image/'))
  if (files.length > 0) return { kind: 'images', files }
  const text = data.getData('text/plain')
  if (text) return { kind: 'text', text }
  const html = data.getData('text/html')
  return html ? { kind: 'text', text: htmlToText(html) } : { kind: 'none' }
}

/** A file as a data URL, read in the browser. */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'))
    reader.readAsDataURL(file)
  })
}
