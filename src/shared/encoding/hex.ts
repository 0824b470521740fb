/** Bytes as lower-case hex, two digits each: ids, salts, hashes. */
export function hex(bytes: Uint8Array | ArrayBuffer): string {
  let out = ''
  for (const b of bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) out += b.toString(16).padStart(2, '0')
  return out
}
