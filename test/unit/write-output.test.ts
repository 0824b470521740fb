import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeOutput } from '../../src/render/emit/write-output.js'

describe('render/writeOutput: atomic output', () => {
  it('replaces the output folder as a whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gptnotes-out-'))
    const out = join(dir, 'dist')
    mkdirSync(out)
    writeFileSync(join(out, 'stale.html'), 'old')
    await writeOutput(out, new Map<string, string | Uint8Array>([['index.html', '<p>新</p>'], ['assets/js/a.js', new Uint8Array([1, 2])]]))
    expect(readdirSync(out).sort()).toEqual(['assets', 'index.html'])
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('<p>新</p>')
    expect(readdirSync(dir)).toEqual(['dist'])
    rmSync(dir, { recursive: true })
  })

  it('leaves the previous output byte-identical when writing fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gptnotes-out-'))
    const out = join(dir, 'dist')
    mkdirSync(out)
    writeFileSync(join(out, 'index.html'), 'previous')
    const files = new Map<string, string | { copyFrom: string }>([
      ['index.html', 'next'],
      ['img.png', { copyFrom: join(dir, 'does-not-exist.png') }],
    ])
    await expect(writeOutput(out, files)).rejects.toThrow(/ENOENT/)
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('previous')
    expect(readdirSync(dir)).toEqual(['dist'])
    rmSync(dir, { recursive: true })
  })

  it('reuses the previous file for unchanged bytes and writes the changed ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gptnotes-out-'))
    const out = join(dir, 'dist')
    mkdirSync(join(out, 'assets'), { recursive: true })
    writeFileSync(join(out, 'same.html'), '<p>不变</p>')
    writeFileSync(join(out, 'changed.html'), '<p>旧</p>')
    writeFileSync(join(dir, 'logo.svg'), '<svg/>')
    writeFileSync(join(out, 'assets/logo.svg'), '<svg/>')
    const before = { same: statSync(join(out, 'same.html')).ino, logo: statSync(join(out, 'assets/logo.svg')).ino }
    await writeOutput(
      out,
      new Map<string, string | { copyFrom: string }>([
        ['same.html', '<p>不变</p>'],
        ['changed.html', '<p>新</p>'],
        ['assets/logo.svg', { copyFrom: join(dir, 'logo.svg') }],
      ]),
    )
    expect(readFileSync(join(out, 'same.html'), 'utf8')).toBe('<p>不变</p>')
    expect(readFileSync(join(out, 'changed.html'), 'utf8')).toBe('<p>新</p>')
    expect(readFileSync(join(out, 'assets/logo.svg'), 'utf8')).toBe('<svg/>')
    // The same file (not a copy): nothing was written for it.
    expect(statSync(join(out, 'same.html')).ino).toBe(before.same)
    expect(statSync(join(out, 'assets/logo.svg')).ino).toBe(before.logo)
    expect(readdirSync(dir).sort()).toEqual(['dist', 'logo.svg'])
    rmSync(dir, { recursive: true })
  })
})
