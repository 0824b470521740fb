import { spawn } from 'node:child_process'
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeOutput } from '../../src/render/emit/write-output.js'

/**
 * An output folder that is a symbolic link is swapped in one step: a new link renamed over the
 * old one. A server reading it always finds a complete output, the old or the new.
 */

let root: string
let dist: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gptnotes-link-'))
  dist = join(root, 'dist')
  symlinkSync('dist.live', dist) // as a site owner sets it up once; the target need not exist
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const site = (n: number) => new Map<string, string>([['index.html', `<h1>第 ${n} 版</h1>`], ['assets/app.js', `console.log(${n})`]])
const beside = () => readdirSync(root).sort()

describe('writing behind a symbolic link', () => {
  it('points the link at a new folder each build and removes the one it replaced', async () => {
    await writeOutput(dist, site(1))
    expect(lstatSync(dist).isSymbolicLink()).toBe(true)
    const first = readlinkSync(dist)
    expect(first).toMatch(/^\.dist\.v-\d+-\d+$/)
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('<h1>第 1 版</h1>')

    await writeOutput(dist, site(2))
    const second = readlinkSync(dist)
    expect(second).not.toBe(first)
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('<h1>第 2 版</h1>')
    expect(beside()).toEqual([second, 'dist'].sort())
  })

  it('a folder of a killed build is removed by the next build; the folder the link points at is kept', async () => {
    await writeOutput(dist, site(1))
    const dead = join(root, '.dist.v-999999999-1')
    mkdirSync(dead)
    writeFileSync(join(dead, 'index.html'), 'half')
    await writeOutput(dist, site(2))
    expect(existsSync(dead)).toBe(false)
    expect(beside()).toEqual([readlinkSync(dist), 'dist'].sort())
  })

  it('a reader checking the output without pause never finds it missing or incomplete during 25 builds', async () => {
    await writeOutput(dist, site(0))
    // Another process, as a web server would be: it reads both files as fast as it can.
    const reader = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('fs'); let misses = 0, reads = 0;
         const stop = Date.now() + 60000;
         process.stdin.on('data', () => { console.log(JSON.stringify({ misses, reads })); process.exit(0) });
         (function loop() {
           for (let i = 0; i < 200; i++) {
             try { fs.readFileSync(${JSON.stringify(join(dist, 'index.html'))}); fs.readFileSync(${JSON.stringify(join(dist, 'assets/app.js'))}); reads++ } catch { misses++ }
           }
           if (Date.now() < stop) setImmediate(loop)
         })()`,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    )
    let out = ''
    reader.stdout.on('data', (d) => (out += d))
    for (let n = 1; n <= 25; n++) await writeOutput(dist, site(n))
    reader.stdin.write('stop\n')
    await new Promise((resolve) => reader.on('exit', resolve))
    const { misses, reads } = JSON.parse(out) as { misses: number; reads: number }
    expect(reads).toBeGreaterThan(0)
    expect(misses).toBe(0)
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('<h1>第 25 版</h1>')
  }, 60_000)
})
