import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { StagedOutput as InThread } from '../../src/render/emit/write-output.js'

// The sources write in the caller's thread; the compiled module (`npm test` compiles first) on its writer thread.
const compiled = (await import(new URL('../../lib/render/emit/write-output.js', import.meta.url).href)) as { StagedOutput: typeof InThread }

/** Files put into the output as they are made (the pages as they are rendered), swapped in at the end. */

let dir: string
let out: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-staged-'))
  out = join(dir, 'dist')
  mkdirSync(out)
  writeFileSync(join(out, 'index.html'), 'previous')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe.each([
  ['in the caller\'s thread', InThread],
  ['on the writer thread', compiled.StagedOutput],
])('render/StagedOutput: an output written as it is made, %s', (_, StagedOutput) => {
  it('writes while the caller goes on, and swaps only on commit', async () => {
    const staged = StagedOutput.open(out)
    for (let i = 0; i < 300; i++) await staged.add(`p/${i}.html`, Buffer.from(`<p>${i}</p>`), { owned: true })
    await staged.add('assets/js/a.js', 'a()')
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('previous')
    expect(readdirSync(out)).toEqual(['index.html'])
    await staged.commit()
    expect(readdirSync(join(out, 'p'))).toHaveLength(300)
    expect(readFileSync(join(out, 'p/299.html'), 'utf8')).toBe('<p>299</p>')
    expect(existsSync(join(out, 'index.html'))).toBe(false)
    expect(readdirSync(dir)).toEqual(['dist'])
  })

  it('writes pages handed over as text (from the render; the writer encodes them) as UTF-8', async () => {
    const staged = StagedOutput.open(out)
    const page = (i: number) => `<!DOCTYPE html><title>第 ${i} 篇：配置文件</title><p>${'中文与 English 混排，𝐀 与 🚀。'.repeat(1 + (i % 40))}</p>`
    for (let i = 0; i < 200; i++) await staged.add(`p/${i}.html`, page(i), { owned: true })
    await staged.commit()
    for (const i of [0, 57, 199]) expect(readFileSync(join(out, `p/${i}.html`))).toEqual(Buffer.from(page(i)))
  })

  it('abort after pages were written leaves the previous output byte-identical and nothing beside it', async () => {
    const staged = StagedOutput.open(out)
    for (let i = 0; i < 100; i++) await staged.add(`p/${i}.html`, Buffer.from('x'), { owned: true })
    await staged.abort()
    expect(readdirSync(out)).toEqual(['index.html'])
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('previous')
    expect(readdirSync(dir)).toEqual(['dist'])
  })

  it('a failed write fails commit and leaves the previous output', async () => {
    const staged = StagedOutput.open(out)
    await staged.add('index.html', 'next')
    await staged.add('img.png', { copyFrom: join(dir, 'missing.png') })
    await expect(staged.commit()).rejects.toThrow(/ENOENT/)
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('previous')
    expect(readdirSync(dir)).toEqual(['dist'])
  })

  it('a path added twice gets the later contents, without touching the previous file it was linked from', async () => {
    const inode = statSync(join(out, 'index.html')).ino
    const staged = StagedOutput.open(out)
    await staged.add('index.html', 'previous') // same bytes: hard-linked from the previous output
    await staged.add('index.html', 'later')
    expect(staged.size).toBe(1)
    // The previous output's file, still readable under its old name until the swap, is unchanged.
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('previous')
    await staged.commit()
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('later')
    expect(statSync(join(out, 'index.html')).ino).not.toBe(inode)
  })
})
