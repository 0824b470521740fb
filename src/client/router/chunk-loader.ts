/**
 * Loads a chunk (the route map, a long list's posts) with `import()`, failing after a time-out with a `ChunkLoadError` whose
 * message names the reason (missing, timeout or error) and the address, as webpack's did.
 */
export const CHUNK_TIMEOUT_MS = 120_000

export type ChunkFailure = 'missing' | 'timeout' | 'error'

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError'
  constructor(
    readonly chunk: string,
    readonly type: ChunkFailure,
    readonly request: string,
    cause?: unknown,
  ) {
    super(`Loading chunk ${chunk} failed.\n(${type}: ${request})`, { cause })
  }
}

export interface ChunkLoaderOptions {
  timeoutMs?: number
  importer?: (url: string) => Promise<unknown>
  /** Asks the server whether the file exists, to tell "missing" from other failures. */
  probe?: (url: string) => Promise<number>
}

const defaultImporter = (url: string) => import(/* @vite-ignore */ url)
const defaultProbe = async (url: string) => (await fetch(url, { method: 'HEAD', cache: 'no-store' })).status

export async function loadChunk<T>(url: string, options: ChunkLoaderOptions = {}): Promise<T> {
  const { timeoutMs = CHUNK_TIMEOUT_MS, importer = defaultImporter, probe = defaultProbe } = options
  const absolute = new URL(url, typeof location === 'undefined' ? 'http://localhost/' : location.href).href
  const chunk = (absolute.split('/').pop() ?? '').replace(/\.[0-9a-z]+\.js$/i, '').replace(/\.js$/, '')
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout', absolute)), timeoutMs)
  })
  try {
    const mod = (await Promise.race([importer(absolute), timeout])) as { default: T }
    return mod.default
  } catch (err) {
    if (err instanceof ChunkLoadError) throw err
    let type: ChunkFailure = 'error'
    try {
      const status = await probe(absolute)
      if (status === 404 || status === 410) type = 'missing'
    } catch {
      // The network itself failed: keep "error".
    }
    throw new ChunkLoadError(chunk, type, absolute, err)
  } finally {
    clearTimeout(timer)
  }
}
