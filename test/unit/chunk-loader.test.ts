import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from '../../src/client/router/chunk-loader.js'

afterEach(() => vi.useRealTimers())

describe('client/router/chunk-loader', () => {
  const url = 'http://127.0.0.1:4173/gpt/assets/js/handbook_a.abc123.js'

  it('returns the module default export', async () => {
    const data = await loadChunk(url, { importer: async () => ({ default: { kind: 'page' } }) })
    expect(data).toEqual({ kind: 'page' })
  })

  it('fails with reason "missing" and the address when the server answers 404', async () => {
    const err = await loadChunk<never>(url, { importer: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), probe: async () => 404 }).catch((e: ChunkLoadError) => e)
    expect(err).toBeInstanceOf(ChunkLoadError)
    expect(err.name).toBe('ChunkLoadError')
    expect(err.type).toBe('missing')
    expect(err.message).toBe(`Loading chunk handbook_a failed.\n(missing: ${url})`)
  })

  it('fails with reason "error" for other failures', async () => {
    const err = await loadChunk<never>(url, { importer: () => Promise.reject(new SyntaxError('bad')), probe: async () => 200 }).catch((e: ChunkLoadError) => e)
    expect(err.type).toBe('error')
    expect(err.message).toContain(`(error: ${url})`)
  })

  it('fails with reason "timeout" after 120 s', async () => {
    vi.useFakeTimers()
    expect(CHUNK_TIMEOUT_MS).toBe(120_000)
    const pending = loadChunk<never>(url, { importer: () => new Promise(() => undefined) }).catch((e: ChunkLoadError) => e)
    await vi.advanceTimersByTimeAsync(119_000)
    let settled = false
    void pending.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1_000)
    const err = await pending
    expect(err.type).toBe('timeout')
    expect(err.message).toContain(`(timeout: ${url})`)
  })
})
