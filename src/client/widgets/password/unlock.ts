import type { LockedBody, LockEnvelope } from '../../../shared/page-lock.js'

const bytes = (base64: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))

/** WebCrypto is there only in a secure context (https, or localhost): without it no page can open. */
export const canUnlock = (): boolean => typeof crypto !== 'undefined' && !!crypto.subtle

/**
 * Open a locked page's envelope with key material (the lowercase MD5 hex of the password):
 * one PBKDF2 derivation with the page's salt, then each wrapped content key is tried (AES-GCM's
 * tag tells a wrong key at once). Undefined when no listed key matches.
 */
export async function openEnvelope(envelope: LockEnvelope, material: string): Promise<LockedBody | undefined> {
  const { subtle } = crypto
  const password = await subtle.importKey('raw', new TextEncoder().encode(material), 'PBKDF2', false, ['deriveKey'])
  const wrapping = await subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt: bytes(envelope.salt), iterations: envelope.n }, password, { name: 'AES-GCM', length: 256 }, false, ['decrypt'])
  for (const wrapped of envelope.keys) {
    let raw: ArrayBuffer
    try {
      raw = await subtle.decrypt({ name: 'AES-GCM', iv: bytes(wrapped.iv) }, wrapping, bytes(wrapped.key))
    } catch {
      continue // another listed key's wrapping
    }
    const content = await subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt'])
    const body = await subtle.decrypt({ name: 'AES-GCM', iv: bytes(envelope.iv) }, content, bytes(envelope.data))
    return JSON.parse(new TextDecoder().decode(body)) as LockedBody
  }
  return undefined
}
