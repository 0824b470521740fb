import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeOutput } from '../../src/render/write-output.js'

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
})
