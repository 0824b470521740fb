/**
 * Password-protected pages (vuepress-theme-reco 1.x's frontmatter `keys` and
 * `themeConfig.keyPage`), as both sides see them: the build encrypts a protected page's body
 * into a `LockEnvelope` (src/render/content/lock-page.ts), the `password` island decrypts it in
 * the browser (src/client/widgets/password). The words of the prompt, the storage names and the
 * key derivation's parameters are said once, here.
 *
 * The key material is what reco ≥ 1.3 keeps in its config: the MD5 hex of the password,
 * lowercase. The reader's typed password is trimmed and hashed the same way (reco's
 * `md5(key.trim())`), then stretched by PBKDF2 before it opens anything.
 */
import type { Header } from './types.js'

/** A key as reco ≥ 1.3 writes it: 32 hex digits (the MD5 of the password). */
export { isMd5Hex as isKeyHash } from './encoding/md5.js'

/**
 * PBKDF2-SHA256 rounds. OWASP's 2023 figure for SHA-256 is 600,000; this is a sixth of it so
 * that a mid-range phone opens a page in about 0.1–0.3 s (WebCrypto runs it natively) and the
 * build, which derives once per page and key, stays quick. The password's own strength matters
 * far more: a short one falls to guessing whatever the count.
 */
export const LOCK_ITERATIONS = 100_000

/** Which key list locked a page: its own frontmatter `keys`, or the site's `themeConfig.keyPage`. */
export type LockScope = 'page' | 'site'

/**
 * A protected page's body, encrypted once: AES-256-GCM under a random content key, which is
 * itself wrapped (AES-GCM) once per listed key, under PBKDF2(key material, salt). Binary fields
 * are base64. Only the page's island props carry it; the page's data carries nothing else of the body.
 */
export interface LockEnvelope {
  /** Format version. */
  v: 1
  scope: LockScope
  /** PBKDF2-SHA256 rounds. */
  n: number
  /** The page's salt (16 random bytes), shared by its wrapped keys. */
  salt: string
  /** The body: 12-byte IV and the ciphertext with its tag, of the JSON of a `LockedBody`. */
  iv: string
  data: string
  /** The content key wrapped under each listed key: IV and ciphertext with its tag. */
  keys: { iv: string; key: string }[]
}

/** What the envelope holds: the page's body HTML and its h2/h3 (the sidebar's table of contents). */
export interface LockedBody {
  html: string
  headers: Header[]
}

/**
 * Where the browser remembers an accepted key for the session (sessionStorage, reco's names):
 * the site key under `key`, a page's key under `pageKey` + the page's pathname.
 */
export const SITE_KEY_STORAGE = 'key'
export const pageKeyStorage = (pathname: string): string => `pageKey${pathname}`

/** Class names of the prompt (the server's fallback and the island draw the same markup). */
export const LOCK_CLASS = 'page-lock'

export interface LockWords {
  /** The prompt's heading. */
  title: string
  /** The password field's label. */
  label: string
  button: string
  wrong: string
  /** While a remembered or typed key is being tried. */
  opening: string
  /** Shown without JavaScript. */
  noScript: string
  /** Shown where the browser has no WebCrypto (a page served over plain http from another host). */
  insecure: string
}

const ZH: LockWords = {
  title: '此页面受密码保护',
  label: '请输入密码',
  button: '确定',
  wrong: '密码错误，请重试',
  opening: '正在解锁…',
  noScript: '此页面已加密，需要启用 JavaScript 才能输入密码解锁。',
  insecure: '此浏览器无法在不安全的连接（http）上解密页面，请通过 https 访问。',
}

const EN: LockWords = {
  title: 'This page is password protected',
  label: 'Enter the password',
  button: 'Unlock',
  wrong: 'Wrong password, please try again',
  opening: 'Unlocking…',
  noScript: 'This page is encrypted: JavaScript is needed to enter the password and unlock it.',
  insecure: 'This browser cannot decrypt the page over an insecure (http) connection: open it over https.',
}

/** The prompt's words for a page's language (`zh-CN`, `zh-TW` …: Chinese; anything else English). */
export function lockWords(lang: string): LockWords {
  return /^zh\b/i.test(lang) ? ZH : EN
}
