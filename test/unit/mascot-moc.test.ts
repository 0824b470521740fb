// The moc checks (spec §5) on the real model files of the spec's shizuku (version 9) and
// hijiki = blackCat (version 11), installed as development dependencies, and on corrupted copies.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkMoc, MOC_VERSION_MAX, mocProblemText } from '../../src/shared/widgets/mascot-live2d-moc.js'

const require = createRequire(import.meta.url)
const moc = (pkg: string, file: string) => new Uint8Array(readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), file)))
const SHIZUKU = moc('live2d-widget-model-shizuku', 'assets/moc/shizuku.moc')
const HIJIKI = moc('live2d-widget-model-hijiki', 'assets/moc/hijiki.moc')

const changed = (bytes: Uint8Array, at: number, value: number) => {
  const copy = bytes.slice()
  copy[at < 0 ? copy.length + at : at] = value
  return copy
}

describe('the moc checks', () => {
  it('pass the real files: "moc", versions 9 and 11, the end marker', () => {
    expect([...SHIZUKU.subarray(0, 4)]).toEqual([0x6d, 0x6f, 0x63, 9])
    expect([...HIJIKI.subarray(0, 4)]).toEqual([0x6d, 0x6f, 0x63, 11])
    expect(checkMoc(SHIZUKU)).toBeUndefined()
    expect(checkMoc(HIJIKI)).toBeUndefined()
    expect(MOC_VERSION_MAX).toBe(11)
  })

  it('reject a wrong header', () => {
    expect(checkMoc(changed(SHIZUKU, 0, 0x4d))).toEqual({ kind: 'header' })
    expect(checkMoc(changed(HIJIKI, 2, 0x64))).toEqual({ kind: 'header' })
    expect(checkMoc(new Uint8Array([0x6d, 0x6f]))).toEqual({ kind: 'header' })
    expect(checkMoc(new TextEncoder().encode('<!doctype html><title>404</title>'))).toEqual({ kind: 'header' })
  })

  it('reject a version newer than the core reads', () => {
    expect(checkMoc(changed(HIJIKI, 3, 12))).toEqual({ kind: 'version', version: 12 })
    expect(checkMoc(changed(SHIZUKU, 3, 255))).toEqual({ kind: 'version', version: 255 })
    // An older version is fine (10: haruto, koharu, miku).
    expect(checkMoc(changed(HIJIKI, 3, 10))).toBeUndefined()
  })

  it('reject a wrong end marker, and a file cut short', () => {
    expect(checkMoc(changed(SHIZUKU, -1, 0x87))).toEqual({ kind: 'end' })
    expect(checkMoc(changed(HIJIKI, -4, 0))).toEqual({ kind: 'end' })
    expect(checkMoc(HIJIKI.subarray(0, HIJIKI.length - 100))).toEqual({ kind: 'end' })
    // Before version 8 files had no marker.
    expect(checkMoc(changed(changed(SHIZUKU, 3, 7), -1, 0))).toBeUndefined()
  })

  it('word each problem for the console, naming the file', () => {
    expect(mocProblemText({ kind: 'header' }, '/m/x.moc')).toBe('Invalid moc file (its header is not "moc" and a version): /m/x.moc')
    expect(mocProblemText({ kind: 'version', version: 12 }, '/m/x.moc')).toBe('Unsupported moc version 12 (the newest supported is 11): /m/x.moc')
    expect(mocProblemText({ kind: 'end' }, '/m/x.moc')).toBe('Invalid moc file (no end marker 0x88888888, cut short?): /m/x.moc')
  })
})
