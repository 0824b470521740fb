import { afterEach, describe, expect, it } from 'vitest'
import { loadSdk, majorOf, pageSdk } from '../../src/client/widgets/valine/sdk/load-sdk.js'

/** Widget A's rule for an SDK the page already has (spec: discard a major ≤ 2). */
describe('majorOf', () => {
  it('reads the major version of a version string', () => {
    expect(majorOf('4.15.2')).toBe(4)
    expect(majorOf('3.0.0-beta.1')).toBe(3)
    expect(majorOf('10.1.0')).toBe(10)
  })
  it('reads anything else as 0, which is discarded', () => {
    for (const v of [undefined, null, '', 'v4', 'latest', 4, {}]) expect(majorOf(v)).toBe(0)
  })
})

describe('a page-provided AV', () => {
  const sdk = (version: unknown) => ({ AV: { version, Object: {}, Query: {} } })

  it('is used from major 3 on', () => {
    for (const v of ['3.0.0', '4.15.2']) {
      const scope = sdk(v)
      expect(pageSdk(scope)).toBe(scope.AV)
    }
  })
  it('is discarded at major 2 and below, or without a readable version', () => {
    for (const v of ['2.5.0', '1.0.0', '0.9', undefined, 'unknown']) expect(pageSdk(sdk(v))).toBeUndefined()
    expect(pageSdk({})).toBeUndefined()
  })

  const g = globalThis as { AV?: unknown }
  afterEach(() => {
    delete g.AV
  })
  it('is what loadSdk returns when the window has one (major ≥ 3)', async () => {
    g.AV = sdk('4.0.0').AV
    expect(await loadSdk()).toBe(g.AV)
  })
})
