/**
 * What the box remembers in the reader's browser (localStorage, as Valine did): the last nick,
 * link and e-mail (not for Anonymous), and when this reader last posted (the 20 s guard).
 * Storage that is full, blocked or missing is simply not used. The storage comes in, so the
 * flow's tests hand it their own.
 */
import { ANONYMOUS } from './validate.js'

const META_KEY = '_v_Cache_Meta'
const LAST_SUBMIT_KEY = 'vlx'

export interface CachedMeta {
  nick: string
  mail: string
  link: string
}

/** The part of the Web Storage interface the box uses. */
export type BoxStorage = Pick<Storage, 'getItem' | 'setItem'>

/** The page's localStorage, or undefined where it is missing or blocked (a sandbox, a privacy mode). */
export function browserStorage(): BoxStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

function read(storage: BoxStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null
  } catch {
    return null
  }
}

function write(storage: BoxStorage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value)
  } catch {
    /* storage full or blocked: nothing remembered */
  }
}

export function metaCache(storage: BoxStorage | undefined) {
  return {
    readMeta(): CachedMeta {
      try {
        const raw = JSON.parse(read(storage, META_KEY) ?? '{}') as Partial<Record<keyof CachedMeta, unknown>>
        const s = (v: unknown) => (typeof v === 'string' ? v : '')
        return { nick: s(raw.nick), mail: s(raw.mail), link: s(raw.link) }
      } catch {
        return { nick: '', mail: '', link: '' }
      }
    },
    /** Remembers the meta fields, unless the comment went out as Anonymous. */
    rememberMeta(meta: CachedMeta): void {
      if (meta.nick === ANONYMOUS) return
      write(storage, META_KEY, JSON.stringify({ nick: meta.nick, mail: meta.mail, link: meta.link }))
    },
    lastSubmit(): number | undefined {
      const n = Number(read(storage, LAST_SUBMIT_KEY) ?? Number.NaN)
      return Number.isFinite(n) ? n : undefined
    },
    rememberSubmit(at: number): void {
      write(storage, LAST_SUBMIT_KEY, String(at))
    },
  }
}

export type MetaCache = ReturnType<typeof metaCache>
