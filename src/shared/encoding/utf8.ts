/**
 * A string's UTF-8 bytes. `TextEncoder` is a platform global that `src/shared` does not assume
 * (it runs without the DOM or Node types), so the encoding is written out; a lone surrogate
 * becomes U+FFFD, as `TextEncoder` does.
 */
export function utf8(text: string): Uint8Array {
  const out: number[] = []
  for (const ch of text) {
    let cp = ch.codePointAt(0) ?? 0xfffd
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd
    if (cp < 0x80) out.push(cp)
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f))
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f))
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f))
  }
  return Uint8Array.from(out)
}
