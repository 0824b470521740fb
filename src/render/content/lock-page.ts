import { createCipheriv, pbkdf2Sync, randomBytes } from 'node:crypto'
import { md5 } from '../../shared/encoding/md5.js'
import { escapeHtml } from '../../shared/escape.js'
import { ISLAND_ATTR, ISLAND_PROPS_ATTR } from '../../shared/markup.js'
import { isKeyHash, LOCK_CLASS, LOCK_ITERATIONS, lockWords, type LockedBody, type LockEnvelope, type LockScope } from '../../shared/page-lock.js'
import type { Frontmatter, SiteConfig } from '../../shared/types.js'
import type { IslandWidget } from '../../shared/widgets/index.js'
import { markupFacts } from '../bundle/markup-tokens.js'
import type { ParsedPage, SourceFile } from './parsed-page.js'
import { locateFrontmatterKey } from './frontmatter.js'
import { warning, type BuildWarning } from '../errors/index.js'

/** The island that asks for the password and opens the page (src/client/widgets/password). */
export const LOCK_ISLAND: IslandWidget = 'password'

/**
 * Keys as written (reco ≥ 1.3: the MD5 hex of the password; older sites: the password itself)
 * → the key material, lowercase MD5 hex, each once. `plain` lists the written keys that were
 * taken as passwords (and sit in the source in clear), by their index.
 */
export function keyMaterial(written: readonly string[]): { keys: string[]; plain: number[] } {
  const plain: number[] = []
  const keys = written.map((key, i) => {
    const k = key.trim()
    if (isKeyHash(k)) return k.toLowerCase()
    plain.push(i)
    // reco hashes what the reader types after trimming it: the same is done to a written password.
    return md5(k)
  })
  return { keys: [...new Set(keys)], plain }
}

/** AES-256-GCM: ciphertext followed by the 16-byte tag, as WebCrypto's `decrypt` takes it. */
function seal(key: Buffer, plain: Buffer): { iv: string; data: string } {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const data = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
  return { iv: iv.toString('base64'), data: data.toString('base64') }
}

/** The body encrypted once under a random content key, that key wrapped once per listed key. */
export function lockBody(body: LockedBody, keys: readonly string[], scope: LockScope, iterations = LOCK_ITERATIONS): LockEnvelope {
  const contentKey = randomBytes(32)
  const salt = randomBytes(16)
  const sealed = seal(contentKey, Buffer.from(JSON.stringify(body), 'utf8'))
  const wrapped = keys.map((k) => {
    const { iv, data } = seal(pbkdf2Sync(Buffer.from(k, 'utf8'), salt, iterations, 32, 'sha256'), contentKey)
    return { iv, key: data }
  })
  return { v: 1, scope, n: iterations, salt: salt.toString('base64'), iv: sealed.iv, data: sealed.data, keys: wrapped }
}

/**
 * The prompt as the server writes it, inside the island's marker: the field and button are
 * disabled until the island takes over (without JavaScript nothing could check the password,
 * and a live form would send it in the address), and a `<noscript>` says why.
 */
export function lockedHtml(envelope: LockEnvelope, lang: string): string {
  const w = lockWords(lang)
  const props = escapeHtml(JSON.stringify({ envelope, lang }))
  return (
    `<div ${ISLAND_ATTR}="${LOCK_ISLAND}" ${ISLAND_PROPS_ATTR}="${props}">` +
    `<div class="${LOCK_CLASS}">` +
    `<p class="${LOCK_CLASS}-title">${escapeHtml(w.title)}</p>` +
    `<form class="${LOCK_CLASS}-form">` +
    `<label for="${LOCK_CLASS}-password">${escapeHtml(w.label)}</label>` +
    `<input id="${LOCK_CLASS}-password" type="password" autocomplete="current-password" disabled>` +
    `<button type="submit" disabled>${escapeHtml(w.button)}</button>` +
    `</form>` +
    `<noscript><p class="${LOCK_CLASS}-noscript">${escapeHtml(w.noScript)}</p></noscript>` +
    `</div></div>`
  )
}

/** Frontmatter fields that may say what the body says, or open it: not given to readers of a locked page. */
function lockedFrontmatter(fm: Frontmatter): Frontmatter {
  const { keys: _keys, description: _description, ...rest } = fm
  if (rest.meta) rest.meta = rest.meta.filter((m) => !Object.values(m).some((v) => /description/i.test(v)))
  return rest
}

/**
 * A parsed page with its body locked: the HTML becomes the prompt with the envelope, and nothing
 * derived from the body stays in what later stages publish (search text, first paragraph,
 * headings, the description). Fields are taken by name, so one added to `ParsedPage` later is
 * left out until it is known to be safe. What only the build reads (links, ids, image stamps)
 * stays, so references to and from the page are still checked.
 */
export function lockPage(parsed: ParsedPage, keys: readonly string[], scope: LockScope, lang: string, iterations = LOCK_ITERATIONS): ParsedPage {
  const envelope = lockBody({ html: parsed.html, headers: parsed.page.headers }, keys, scope, iterations)
  const html = lockedHtml(envelope, lang)
  const locked: ParsedPage = {
    page: { ...parsed.page, frontmatter: lockedFrontmatter(parsed.page.frontmatter), headers: [], locked: scope },
    html,
    text: '',
    links: parsed.links,
    anchors: parsed.anchors,
    assets: parsed.assets,
    ids: parsed.ids,
    imageStamps: parsed.imageStamps,
    markup: markupFacts(html),
    // The body's own islands mount when the reader opens it (the app hears the island's event).
    islands: [LOCK_ISLAND],
  }
  if (parsed.files) locked.files = parsed.files
  // Build inputs only (the parse cache checks them): no text of the body.
  if (parsed.importStamps) locked.importStamps = parsed.importStamps
  if (parsed.warnings) locked.warnings = parsed.warnings
  return locked
}

/**
 * A page with its own `keys` is locked by them; any other page, by the site's `keyPage` keys
 * (`siteKeys`, key material) when there are any. A written key that is not MD5 hex is taken as
 * the password (reco before 1.3), hashed, and warned about: it opens the page to anyone who
 * reads the source. `lang` is the page's language, for the prompt's words.
 */
export function lockIfProtected(parsed: ParsedPage, file: SourceFile, siteKeys: readonly string[], lang: string): ParsedPage {
  const own = parsed.page.frontmatter.keys ?? []
  const scope = own.length ? 'page' : siteKeys.length ? 'site' : undefined
  if (!scope) return parsed
  const warnings = [...(parsed.warnings ?? [])]
  let keys = siteKeys
  if (scope === 'page') {
    const material = keyMaterial(own)
    keys = material.keys
    if (material.plain.length) warnings.push(warning('PasswordKeyInClear', { where: 'frontmatter keys' }, { file: `content/${file.relativePath}`, ...locateFrontmatterKey(file.source, 'keys') }))
  }
  const locked = lockPage(parsed, keys, scope, lang)
  if (warnings.length) locked.warnings = warnings
  return locked
}

/** `themeConfig.keyPage.keys` as key material, for the parse (its plain keys are warned about by the config's check). */
export function siteKeysOf(config: SiteConfig): string[] {
  return keyMaterial(config.themeConfig.keyPage?.keys ?? []).keys
}

/** Said once per build when any page is locked: what the password protects, and what it does not. */
export function lockNotice(parsed: readonly ParsedPage[]): BuildWarning[] {
  const pages = parsed.filter((p) => p.page.locked).length
  return pages ? [warning('PasswordTextOnly', { pages })] : []
}
