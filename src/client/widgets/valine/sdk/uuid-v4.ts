/*
 * A random (version 4) UUID, standing in for the `uuid` package's `v4` (0.8 KB gzip), which
 * the SDK uses for installation ids (push, live query: not bundled). `crypto.randomUUID` is
 * missing before Safari 15.4, so it is made from `getRandomValues`. The build maps the SDK's
 * `require('uuid/v4')` here.
 */
import { hex } from '../../../../shared/encoding/hex.js'

export function uuidV4(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const h = hex(bytes)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
