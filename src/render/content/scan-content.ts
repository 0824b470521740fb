import { isUtf8 } from 'node:buffer'
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { outputFileOf, routePathOf } from '../../shared/paths.js'
import { raise, warning, type BuildWarning } from '../errors/index.js'
import type { SourceFile } from './parse-page.js'
import { assetOutputPath } from './asset-path.js'

export { assetOutputPath }

export interface ContentFiles {
  /** Markdown files relative to `content/` (`handbook/a.md`), sorted. */
  markdown: string[]
  /** Every other file, copied to the output at the same path (`public/` goes to the root). */
  assets: string[]
  /** Output paths that differ only in letter case. */
  warnings: BuildWarning[]
}

/**
 * The site folder and its `content/` must be there before anything is read or written: a
 * mistyped `--root` is an error naming it, never an empty site built into a new folder.
 */
export function requireSiteFolders(root: string): void {
  if (!existsSync(root) || !statSync(root).isDirectory()) raise('SiteRootMissing', { root })
  const content = join(root, 'content')
  if (!existsSync(content) || !statSync(content).isDirectory()) raise('ContentMissing', { root })
}

/**
 * The scanContent stage: list the files of `content/` (dot-files and node_modules skipped).
 * Nothing outside the site folder is ever listed: a symbolic link that leaves it, or one to a
 * folder, is an error naming the link. Two sources of one output path are an error too.
 */
export function scanContent(contentDir: string): ContentFiles {
  const markdown: string[] = []
  const assets: string[] = []
  let siteRoot: string | undefined
  const walk = (dir: string, rel: string) => {
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && rel === '') return
      throw err
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue
      const r = rel ? `${rel}/${e.name}` : e.name
      if (e.isSymbolicLink()) {
        siteRoot ??= realpathSync(dirname(contentDir))
        checkLink(join(dir, e.name), `content/${r}`, siteRoot)
      }
      if (e.isDirectory()) walk(join(dir, e.name), r)
      else if (e.name.endsWith('.md')) markdown.push(r)
      else assets.push(r)
    }
  }
  walk(contentDir, '')
  markdown.sort()
  assets.sort()
  return { markdown, assets, warnings: outputClashes(markdown, assets) }
}

/** A link is followed only to a file inside the site folder (realpath: every link on the way resolved). */
function checkLink(path: string, link: string, siteRoot: string): void {
  let target: string
  try {
    target = realpathSync(path)
  } catch {
    return // a dangling link: reading it fails later with the file named
  }
  const inside = relative(siteRoot, target)
  if (inside === '' || inside.startsWith('..' + sep) || inside === '..' || /^[a-zA-Z]:/.test(inside) || inside.startsWith(sep)) {
    raise('SymlinkOutsideSite', { link, target })
  }
  if (statSync(target).isDirectory()) raise('SymlinkToFolder', { link })
}

/**
 * Each output path from one source: a page and a raw file (`a.md` and `a.html`), `a/README.md`
 * and `a/index.md`, or `public/x` and `x` would overwrite each other. Paths that differ only
 * in letter case are a warning (they clash only on case-insensitive disks).
 */
function outputClashes(markdown: string[], assets: string[]): BuildWarning[] {
  const byOutput = new Map<string, string>()
  const byLower = new Map<string, string>()
  const warnings: BuildWarning[] = []
  const outputs: [string, string][] = [
    ...markdown.map((m): [string, string] => [outputFileOf(routePathOf(m)), m]),
    ...assets.map((a): [string, string] => [assetOutputPath(a), a]),
  ]
  for (const [output, source] of outputs) {
    const first = byOutput.get(output)
    if (first !== undefined) raise('OutputClash', { output, first: `content/${first}`, second: `content/${source}` })
    byOutput.set(output, source)
    const lower = output.toLowerCase()
    const other = byLower.get(lower)
    if (other !== undefined) warnings.push(warning('OutputCaseClash', { first: `content/${other}`, second: `content/${source}` }))
    else byLower.set(lower, source)
  }
  return warnings
}

/**
 * What identifies a file's content without reading it: size, modification and change times (to
 * the nanosecond) and inode. An edit changes the change time even when it keeps the size and
 * sets the modification time back (`touch -d`, `cp -p`, a checkout), and a save by rename
 * changes the inode. None when the file changed less than `settleMs` ago: a file system with
 * coarse times could then be written again within the same tick, at the same size (git's "racy
 * clean" case); such a file is read and hashed until its stamp has settled.
 */
export function fileStamp(path: string, settleMs = STAMP_SETTLE_MS): string | undefined {
  const st = statSync(path, { bigint: true, throwIfNoEntry: false })
  if (!st?.isFile() || st.ctimeNs > BigInt(Date.now() - settleMs) * 1_000_000n) return undefined
  return `${st.size}:${st.mtimeNs}:${st.ctimeNs}:${st.ino}`
}

/** Two seconds: the coarsest file time stamps in use (FAT's) and then some. */
const STAMP_SETTLE_MS = 2000

/** How `readSources` learns that a file is unchanged: the source hash the caches hold for its stamp. */
export interface KnownSources {
  hashOf(relativePath: string, stamp: string): string | undefined
  settleMs?: number
}

/**
 * Read the markdown sources. Synchronous: for thousands of small files, 5× faster than the
 * promise API. A file that is not UTF-8 is read with U+FFFD for each bad byte, and a warning.
 * With `known`, each file is stamped (`fileStamp`) before it is read, and one whose stamp the
 * caches recorded is not read at all: its `source` reads the file only if something asks for it
 * (a rebuild after one edit then reads one file, not every file). Only valid UTF-8 is stamped, so
 * a bad file's warning comes on every build.
 */
export function readSources(contentDir: string, markdown: string[], chunkBytes = SOURCE_CHUNK_BYTES, known?: KnownSources): { sources: SourceFile[]; warnings: BuildWarning[] } {
  const warnings: BuildWarning[] = []
  const files = markdown.map((relativePath) => {
    const path = join(contentDir, relativePath)
    const stamp = known && fileStamp(path, known.settleMs)
    const hash = stamp && known!.hashOf(relativePath, stamp)
    if (hash) return { relativePath, unread: unreadSource(path, relativePath, stamp!, hash) }
    const bytes = readFileSync(path)
    const valid = isUtf8(bytes)
    if (!valid) {
      const at = firstBadByte(bytes)
      warnings.push(warning('InvalidEncoding', { byte: `0x${bytes[at.offset].toString(16).padStart(2, '0')}` }, { file: `content/${relativePath}`, line: at.line, column: at.column }))
    }
    return { relativePath, bytes, valid, stamp: valid ? stamp : undefined }
  })
  // Valid files are decoded a chunk of them at a time into one string, and each source is a slice
  // of it: thousands of sources kept to the parse, each a string of its own, were copied by every
  // young-generation collection of the build's first second (11 collections and 116–217 ms of
  // pauses for the 2,000-page corpus, against 8 and 47–65 ms for the bytes alone).
  const sources: SourceFile[] = []
  const withStamp = (file: SourceFile, stamp: string | undefined) => (stamp ? Object.assign(file, { stamp }) : file)
  for (let first = 0; first < files.length; ) {
    const unread = files[first].unread
    if (unread) {
      sources.push(unread)
      first++
      continue
    }
    let end = first
    let size = 0
    while (end < files.length && files[end].valid && (end === first || size + files[end].bytes!.length <= chunkBytes)) size += files[end++].bytes!.length
    if (end === first) {
      const { relativePath, bytes, stamp } = files[first++]
      sources.push(withStamp({ relativePath, source: bytes!.toString('utf8') }, stamp))
      continue
    }
    const text = Buffer.concat(files.slice(first, end).map((f) => f.bytes!), size).toString('utf8')
    for (let at = 0; first < end; first++) {
      const length = utf16Length(files[first].bytes!)
      sources.push(withStamp({ relativePath: files[first].relativePath, source: text.slice(at, (at += length)) }, files[first].stamp))
    }
  }
  return { sources, warnings }
}

/** A source the caches hold unchanged: read when asked (a page parsed again for its images, an error's excerpt), never kept. */
function unreadSource(path: string, relativePath: string, stamp: string, hash: string): SourceFile {
  return {
    relativePath,
    stamp,
    hash,
    get source() {
      return readFileSync(path, 'utf8')
    },
  }
}

/**
 * Bytes of sources decoded into one string: past V8's largest ordinary object (128 KB), so the
 * string lives outside the young generation and is never copied; small enough that a page parsed
 * on this thread, whose strings may be slices of its source and keep the whole string alive (a dev
 * server's edited pages), keeps little more than its own file.
 */
const SOURCE_CHUNK_BYTES = 256 << 10

/** Length in UTF-16 code units of valid UTF-8: one per sequence, two for a four-byte one. */
function utf16Length(bytes: Uint8Array): number {
  let n = 0
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]
    if ((b & 0xc0) !== 0x80) n += b >= 0xf0 ? 2 : 1
  }
  return n
}

/** Offset, line and column (in bytes) of the first byte that is not part of a valid UTF-8 sequence. */
function firstBadByte(bytes: Uint8Array): { offset: number; line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]
    if (b === 0x0a) {
      line++
      lineStart = i + 1
    }
    const size = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0
    let ok = size > 0 && i + size <= bytes.length
    for (let k = 1; ok && k < size; k++) ok = (bytes[i + k] & 0xc0) === 0x80
    // Overlong forms, surrogates and code points past U+10FFFF.
    if (ok && size === 3) ok = !(b === 0xe0 && bytes[i + 1] < 0xa0) && !(b === 0xed && bytes[i + 1] >= 0xa0)
    if (ok && size === 4) ok = !(b === 0xf0 && bytes[i + 1] < 0x90) && !(b === 0xf4 && bytes[i + 1] >= 0x90)
    if (!ok) return { offset: i, line, column: i - lineStart + 1 }
    i += size
  }
  return { offset: 0, line: 1, column: 1 }
}
