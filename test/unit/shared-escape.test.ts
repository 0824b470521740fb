import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../src/client/widgets/valine/preview.js'
import { decodeEntities, escapeHtml, jsonForScript } from '../../src/shared/escape.js'
import { REPO_ROOT } from '../helpers/sites.js'

const SRC = join(REPO_ROOT, 'src')
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []))

describe('shared/escape: the one HTML escaping every side uses', () => {
  it('escapes the five characters that end a text or an attribute value, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;')
    expect(escapeHtml('我的GPT笔记 · 第 1 篇')).toBe('我的GPT笔记 · 第 1 篇')
    // Already escaped text is escaped again: the caller hands over text, never markup.
    expect(escapeHtml('&amp;')).toBe('&amp;amp;')
  })

  it('decodes what escaping wrote, and named and numeric references', () => {
    const text = `<b class="a">'中' & "文"</b>`
    expect(decodeEntities(escapeHtml(text))).toBe(text)
    expect(decodeEntities('&#x4e2d;&#25991;&nbsp;&unknown;')).toBe('中文\u00a0&unknown;')
  })

  it('writes JSON that cannot close the script element holding it', () => {
    const json = jsonForScript({ title: '</script><script>alert(1)</script>', sep: '\u2028' })
    expect(json).not.toContain('</script')
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script>', sep: '\u2028' })
  })

  it("widget A's preview escapes with it: an image's title and a local image's label stay text", () => {
    expect(renderMarkdown('![a](https://example.com/a.png "t\'<b>")')).toContain('title="t&#39;&lt;b&gt;"')
    expect(renderMarkdown('![x"<y](local:1)', { imageLabel: '图<片>' })).toContain('[图&lt;片&gt;: x&quot;&lt;y]')
  })

  it('is written once: no other module of src/ defines its own escapeHtml', () => {
    const defining = sources(SRC)
      .filter((file) => /\b(?:function\s+escapeHtml\b|(?:const|let)\s+escapeHtml\s*=)/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file).split('\\').join('/'))
    expect(defining).toEqual(['shared/escape.ts'])
  })
})
