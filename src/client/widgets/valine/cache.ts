/**
 * What the box remembers in the reader's browser (localStorage, as Valine did): the last nick,
 * link and e-mail (not for Anonymous), and when this reader last posted (the 20 s guard).
 * Storage that is full, blocked or missing is simply not used.
 */
import { ANONYMOUS } from './validate.js'

const META_KEY = '_v_Cache_Meta'
const LAST_SUBMIT_KEY = 'vlx'

export interface CachedMeta {
  nick: string
  mail: string
  link: string
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

export function readMeta(): CachedMeta {
  try {
    const raw = JSON.parse(storage()?.getItem(META_KEY) ?? '{}') as Partial<Record<keyof CachedMeta, unknown>>
    const s = (v: unknown) => (typeof v === 'string' ? v : '')
    return { nick: s(raw.nick), mail: s(raw.mail), link: s(raw.link) }
  } catch {
    return { nick: '', mail: '', link: '' }
  }
}

/** Remembers the meta fields, unless the comment went out as Anonymous. */
export function rememberMeta(meta: CachedMeta): void {
  if (meta.nick === ANONYMOUS) return
  try {
    storage()?.setItem(META_KEY, JSON.stringify({ nick: meta.nick, mail: meta.mail, link: meta.link }))
  } catch {
    /* storage full or blocked: nothing remembered */
  }
}

export function lastSubmit(): number | undefined {
  const n = Number(storage()?.getItem(LAST_SUBMIT_KEY) ?? Number.NaN)
  return Number.isFinite(n) ? n : undefined
}

export function rememberSubmit(at: number): void {
  try {
    storage()?.setItem(LAST_SUBMIT_KEY, String(at))
  } catch {
    /* as above */
  }
}
