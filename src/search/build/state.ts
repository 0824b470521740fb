import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writevSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Kind } from '../format/shards.js'

/**
 * What the last build packed, kept so the next one can patch it (see `patch.ts`): every posting
 * list as varints with its packed bytes (or its tier's parts, and the tier slot of each position),
 * and every page's digest, fields, deflated text and length. An edit of a page then touches only
 * the lists of its old and new keys: no other page is tokenised, no other list packed.
 * One file, read whole; best effort: a file that cannot be read is no state.
 */
export interface StateList {
  kind: Kind
  name: string
  key: string
  entries: number
  /** The list's varints (as `ByteList` holds them). */
  data: Uint8Array
  /** As stored in its bucket (a tiered list's too: its size says it is tiered). */
  packed: Uint8Array
  /** A tiered list's parts (`tierParts`). */
  tier?: Uint8Array
  /** A tiered list's slot of each position (`tierSlot` + 1, varints): kept when known, so an edit re-encodes its tier from the list alone. */
  slots?: Uint8Array
}

export interface StatePage {
  /** A digest of the whole entry: equal digests, equal page. */
  digest: string
  /** Title, path and headings as the record holds them, JSON (the fields' lists are made from its titles). */
  record: string
  /** The text deflated with the dictionary. */
  text: Uint8Array
  /** `lengthUnits` of the text. */
  length: number
}

export interface BuildState {
  /** The packing code and its parameters: a state of other code or parameters is not read. */
  code: string
  dictionary: Uint8Array
  /** The dictionary as stored (deflated). */
  dictionaryItem: Uint8Array
  pages: StatePage[]
  /** Each record as stored. */
  records: Uint8Array[]
  /** By `listId`. */
  lists: Map<string, StateList>
}

/** The name a list is kept under: kinds share names (a character is a body's and a field's key). */
export const listId = (kind: Kind, name: string): string => `${kind}\0${name}`

const NONE = new Uint8Array(0)

export function readState(file: string, code: string): BuildState | undefined {
  try {
    const data = readFileSync(file)
    const headLength = data.readUInt32LE(0)
    const head = JSON.parse(data.toString('utf8', 4, 4 + headLength)) as {
      code: string
      sizes: number[]
      pages: [string, string, number][]
      lists: [Kind, string, string, number, number][]
      records: number
    }
    if (head.code !== code) return undefined
    let at = 4 + headLength
    let s = 0
    const next = () => {
      const size = head.sizes[s++]
      return size ? data.subarray(at, (at += size)) : NONE
    }
    const dictionary = next()
    const dictionaryItem = next()
    const pages = head.pages.map(([digest, record, length]): StatePage => ({ digest, record, length, text: next() }))
    const records = Array.from({ length: head.records }, next)
    const lists = new Map<string, StateList>()
    for (const [kind, name, key, entries, has] of head.lists) {
      const l: StateList = { kind, name, key, entries, data: next(), packed: next() }
      if (has & 1) l.tier = next()
      if (has & 2) l.slots = next()
      lists.set(listId(kind, name), l)
    }
    return { code, dictionary, dictionaryItem, pages, records, lists }
  } catch {
    return undefined
  }
}

/** Writes the state in one file (replaced whole: a killed build leaves the last one). */
export function writeState(file: string, state: BuildState): void {
  const parts: Uint8Array[] = []
  const sizes: number[] = []
  const put = (d: Uint8Array) => {
    sizes.push(d.length)
    if (d.length) parts.push(d)
  }
  put(state.dictionary)
  put(state.dictionaryItem)
  for (const p of state.pages) put(p.text)
  state.records.forEach(put)
  const lists: [Kind, string, string, number, number][] = []
  for (const l of state.lists.values()) {
    lists.push([l.kind, l.name, l.key, l.entries, (l.tier ? 1 : 0) | (l.slots ? 2 : 0)])
    put(l.data)
    put(l.packed)
    if (l.tier) put(l.tier)
    if (l.slots) put(l.slots)
  }
  const head = Buffer.from(
    JSON.stringify({ code: state.code, sizes, pages: state.pages.map((p) => [p.digest, p.record, p.length]), lists, records: state.records.length }),
  )
  const length = Buffer.alloc(4)
  length.writeUInt32LE(head.length)
  const tmp = `${file}.${process.pid}`
  try {
    mkdirSync(dirname(file), { recursive: true })
    const fd = openSync(tmp, 'w')
    try {
      // In batches: a write of many buffers at once, without copying them into one.
      const all = [length, head, ...parts]
      for (let i = 0; i < all.length; i += 1024) writevSync(fd, all.slice(i, i + 1024))
    } finally {
      closeSync(fd)
    }
    renameSync(tmp, file)
  } catch {
    rmSync(tmp, { force: true })
  }
}
