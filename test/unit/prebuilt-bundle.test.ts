import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type * as Bundle from '../../src/render/bundle/bundle.js'

// The compiled modules, as `gptnotes build` runs them: `npm test` compiles first, which also
// writes the prebuilt bundle of those sources (scripts/compile.mjs).
const compiled = (await import(new URL('../../lib/render/bundle/bundle.js', import.meta.url).href)) as typeof Bundle

const summary = (b: Bundle.ClientBundle) => ({ ...b, files: b.files.map((f) => [f.path, Buffer.from(f.contents).toString('base64')]) })

describe('the prebuilt client bundle', () => {
  it('is what esbuild makes of the same sources, file for file', async () => {
    const prebuilt = await compiled.bundleClient()
    const fresh = await compiled.bundleClient({ prebuilt: false })
    expect(summary(prebuilt)).toEqual(summary(fresh))
    expect(prebuilt.files.some((f) => f.path === prebuilt.entry)).toBe(true)
  })

  it('is stored under the key of the sources it was made from', () => {
    const stored = JSON.parse(readFileSync(compiled.PREBUILT_FILE, 'utf8')) as { key: string }
    expect(stored.key).toBe(compiled.cacheKey())
  })
})
