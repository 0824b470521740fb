// The markdown sources as the build reads them: each file's text exactly as decoding it alone
// gives, whether it shares a decoded chunk with others, is cut off by a chunk's end, or is not UTF-8.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readSources } from '../../src/render/content/scan-content.js'

const dir = mkdtempSync(join(tmpdir(), 'gptnotes-sources-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const files: [string, Buffer][] = [
  ['a.md', Buffer.from('# 标题\n\n正文，ChatGPT 与 API。\n')],
  ['bom.md', Buffer.from('\ufeff# 带 BOM 的页\n')],
  ['astral.md', Buffer.from('𝐀 与 🚀 与 👨‍👩‍👧：四字节的字符占两个 UTF-16 单元。\n'.repeat(30))],
  ['empty.md', Buffer.alloc(0)],
  ['latin1.md', Buffer.concat([Buffer.from('# 标题\n\ncaf'), Buffer.from([0xe9]), Buffer.from('\n末尾')])],
  ['ascii.md', Buffer.from('plain ascii only\n'.repeat(50))],
  ['large.md', Buffer.from('一段较长的中文正文。'.repeat(400))],
  ['z.md', Buffer.from('最后一页 🎉\n')],
]
for (const [name, bytes] of files) writeFileSync(join(dir, name), bytes)
const names = files.map(([name]) => name)

describe('readSources', () => {
  it.each([
    ['chunks of the default size', undefined],
    ['chunks of 200 bytes (files across chunk ends, one larger than a chunk)', 200],
    ['a chunk for each file', 1],
  ])('gives each file its own text, %s', (_, chunkBytes) => {
    const { sources, warnings } = readSources(dir, names, chunkBytes)
    expect(sources.map((s) => s.relativePath)).toEqual(names)
    for (const [i, [, bytes]] of files.entries()) expect(sources[i].source).toBe(bytes.toString('utf8'))
    expect(sources[1].source.charCodeAt(0)).toBe(0xfeff) // kept, as decoding the file alone keeps it
    expect(sources[4].source).toContain('caf\ufffd')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({ code: 'InvalidEncoding', loc: { file: 'content/latin1.md', line: 3, column: 4 } })
  })
})
