/**
 * The one byte range of a `Range` header that the dev server answers with 206 (RFC 9110 §14):
 * the search box reads the index's packs by ranges, as it does from a static host. Several
 * ranges, another unit or a malformed header are ignored (the whole file, 200), as the RFC
 * allows; a range wholly past the end is unsatisfiable (416).
 */
export type ByteRange = { start: number; end: number } | 'unsatisfiable'

export function byteRange(header: string | undefined, size: number): ByteRange | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (!m || (m[1] === '' && m[2] === '')) return undefined
  if (m[1] === '') {
    // `bytes=-N`: the last N bytes.
    const n = Number(m[2])
    if (n === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - n), end: size - 1 }
  }
  const start = Number(m[1])
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  if (m[2] !== '' && Number(m[2]) < start) return undefined
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}
