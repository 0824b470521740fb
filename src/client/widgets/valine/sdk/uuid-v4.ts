/*
 * A random (version 4) UUID, standing in for the `uuid` package's `v4` (0.8 KB gzip), which
 * the SDK uses for installation ids (push, live query: not bundled). `crypto.randomUUID` is
 * missing before Safari 15.4, so it is made from `getRandomValues`. The build maps the SDK's
 * `require('uuid/v4')` here.
 */
export function uuidV4(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
