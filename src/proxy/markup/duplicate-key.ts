/**
 * When two submissions are the same comment. The store keeps the key's digest under a unique
 * index, so of the same words sent together exactly one is stored, and keys the comments an
 * import brings; the comment write refuses a repeat by it. It lives here, below both, so the
 * store needs nothing of the policy above it.
 */
import { hex } from '../../shared/encoding/hex.js'
import { htmlText } from './html-tokens.js'

/**
 * Characters that show nothing: format characters (zero-width space and joiners, the byte order
 * mark, bidi marks, the soft hyphen) and the other default-ignorable code points.
 */
const INVISIBLE_RE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu

/**
 * A key under which two submissions are the same comment: same page, same name (any case),
 * same visible text: markup and references read as the text they show (`&#72;` is `H`, an
 * empty `<b></b>` nothing), compatibility forms folded (NFKC: full-width letters, ligatures),
 * invisible characters dropped, whitespace runs one space, case ignored.
 */
export function duplicateKey(input: { url: string; nick: string; comment: string }): string {
  const norm = (s: string) => s.normalize('NFKC').replace(INVISIBLE_RE, '').replace(/\s+/g, ' ').trim().toLowerCase()
  return [input.url, norm(input.nick), norm(htmlText(input.comment))].join('\n')
}

/**
 * `duplicateKey` as the store keeps it: its SHA-256 in hex, a short fixed size for a unique
 * index whatever the comment's length.
 */
export async function duplicateDigest(input: { url: string; nick: string; comment: string }): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(duplicateKey(input))))
}
