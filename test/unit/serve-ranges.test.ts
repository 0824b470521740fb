import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { byteRange } from '../../src/dev-server/byte-range.js'
import { startDevServer, type DevServer } from '../../src/dev-server/dev-server.js'
import { copyFixture } from '../helpers/sites.js'

describe('byteRange', () => {
  it('reads the one range a reader asks for, clamped to the file', () => {
    expect(byteRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 })
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 })
    expect(byteRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 })
    expect(byteRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 })
    expect(byteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 })
  })
  it('answers the whole file for what it does not serve, and refuses a range past the end', () => {
    for (const header of [undefined, '', 'bytes=0-1,5-6', 'items=0-1', 'bytes=x-1', 'bytes=-', 'bytes=9-3']) expect(byteRange(header, 100)).toBeUndefined()
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable')
    expect(byteRange('bytes=-0', 100)).toBe('unsatisfiable')
  })
})

describe('gptnotes serve answers byte ranges as a static host does', () => {
  let site: { root: string; cleanup: () => void }
  let dev: DevServer

  beforeAll(async () => {
    site = copyFixture('minimal')
    dev = await startDevServer({ root: site.root, port: 0, host: '127.0.0.1', watch: false, log: () => {} })
  })
  afterAll(async () => {
    await dev?.close()
    site?.cleanup()
  })

  it('sends the bytes asked for with 206, and the whole file without a range', async () => {
    const whole = await fetch(dev.url)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('accept-ranges')).toBe('bytes')
    const bytes = new Uint8Array(await whole.arrayBuffer())
    expect(bytes.length).toBeGreaterThan(100)

    const part = await fetch(dev.url, { headers: { Range: 'bytes=20-59' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 20-59/${bytes.length}`)
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(20, 60))
  })

  it('answers a range past the end with 416 and the file size', async () => {
    const size = (await (await fetch(dev.url)).arrayBuffer()).byteLength
    const res = await fetch(dev.url, { headers: { Range: `bytes=${size}-` } })
    expect(res.status).toBe(416)
    expect(res.headers.get('content-range')).toBe(`bytes */${size}`)
  })
})
