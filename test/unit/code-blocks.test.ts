import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BuildCaches } from '../../src/render/build-caches.js'
import { parsePage, preparePage, type ParseOptions } from '../../src/render/content/parse-page.js'
import { GptnotesError } from '../../src/render/errors/index.js'
import { firstScreenImage } from '../../src/render/markdown/site-elements.js'
import { hastPathHtml } from '../../src/render/markdown/to-html.js'
import { writeHtml } from '../../src/render/markdown/write-html.js'
import { decodeEntities } from '../../src/shared/escape.js'
import { checkSiteConfig, resolveSiteConfig } from '../../src/shared/site-config.js'
import { thrownBy } from '../helpers/thrown.js'

/*
 * Code blocks as VuePress 1 authors write them, markdown to HTML: lines marked with `{1,3-4}`
 * (the language's colours kept), numbered lines (the site's `markdown.lineNumbers`) and code
 * imported with `<<< @/file`, whole, by lines or by region; a bad import stops the build at its line.
 */

/** One code block of a page as a reader gets it: its language, its lines (text, marked, token classes) and its line numbers. */
interface Block {
  lang: string | undefined
  classes: string[]
  /** The text of `<code>` without its final line ending: what the copy button copies. */
  code: string
  lines: { text: string; highlighted: boolean; tokens: string[] }[]
  /** The numbers column's text, line by line; undefined when the lines are not numbered. */
  numbers: string[] | undefined
  numbersHidden: boolean
}

const BLOCK = /<div class="([^"]*)"(?: data-lang="([^"]*)")?><pre class="hljs">(.*?)<\/pre><\/div>/gs

function blocks(html: string): Block[] {
  return [...html.matchAll(BLOCK)].map((m) => {
    const inner = m[3]
    const gutter = /^<span class="line-numbers"( aria-hidden="true")?>(.*?)<\/span>/s.exec(inner)
    const code = /<code>(.*)<\/code>$/s.exec(inner)![1]
    const lines: Block['lines'] = [{ text: '', highlighted: false, tokens: [] }]
    const open: string[] = []
    for (const piece of code.split(/(<span[^>]*>|<\/span>)/)) {
      if (piece.startsWith('<span')) open.push(/class="([^"]*)"/.exec(piece)?.[1] ?? '')
      else if (piece === '</span>') open.pop()
      else {
        piece.split('\n').forEach((part, i) => {
          if (i > 0) lines.push({ text: '', highlighted: false, tokens: [] })
          const line = lines[lines.length - 1]
          const text = decodeEntities(part)
          line.text += text
          if (!text) return
          if (open.includes('line highlighted')) line.highlighted = true
          for (const c of open.map((o) => o.split(' ')[0])) if (c.startsWith('hljs-') && !line.tokens.includes(c)) line.tokens.push(c)
        })
      }
    }
    // The code ends with its last line's line ending, as CommonMark writes it.
    if (lines.length > 1 && !lines[lines.length - 1].text) lines.pop()
    return {
      lang: m[2],
      classes: m[1].split(' '),
      code: lines.map((l) => l.text).join('\n'),
      lines,
      numbers: gutter ? gutter[2].split('\n') : undefined,
      numbersHidden: !!gutter?.[1],
    }
  })
}

const sites: string[] = []
afterAll(() => sites.forEach((s) => rmSync(s, { recursive: true, force: true })))

/** A site folder with these files (paths under it); returns its root. */
function site(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'gptnotes-code-'))
  sites.push(root)
  mkdirSync(join(root, 'content'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

const parse = (source: string, options: Partial<ParseOptions> = {}, root = site()) =>
  parsePage({ relativePath: 'guide/page.md', source }, { base: '/gpt/', contentDir: join(root, 'content'), ...options })

const JS = "const greeting = '你好'\nconsole.log(greeting)\n/* 两行\n   注释 */\nexport default greeting"

describe('marked lines ({1,3-4} after the language)', () => {
  it('marks the lines named, and the block keeps its language and colours', () => {
    const [block] = blocks(parse('```js{1,3-4}\n' + JS + '\n```\n').html)
    expect(block.lang).toBe('js')
    expect(block.classes).toContain('language-js')
    expect(block.lines.map((l) => l.highlighted)).toEqual([true, false, true, true, false])
    // Colours on marked and unmarked lines alike, and a comment that runs over two marked lines coloured on both.
    expect(block.lines[0].tokens).toEqual(expect.arrayContaining(['hljs-keyword', 'hljs-string']))
    expect(block.lines[1].tokens).toContain('hljs-variable')
    expect(block.lines[2].tokens).toEqual(['hljs-comment'])
    expect(block.lines[3].tokens).toEqual(['hljs-comment'])
    expect(block.lines[4].tokens).toContain('hljs-keyword')
    // The code itself is untouched: what the copy button copies.
    expect(block.code).toBe(JS)
  })

  it('reads every form VuePress authors write: a space before the braces or the language, one line, blanks, a range the wrong way round', () => {
    /** The block's language and the numbers of its marked lines. */
    const marked = (fence: string) => {
      const [block] = blocks(parse(fence + '\n' + JS + '\n```\n').html)
      return [block.lang, block.lines.flatMap((l, i) => (l.highlighted ? [i + 1] : []))]
    }
    expect(marked('```js{4}')).toEqual(['js', [4]])
    expect(marked('``` js{4}')).toEqual(['js', [4]])
    expect(marked('```js {1, 3 - 4}')).toEqual(['js', [1, 3, 4]])
    expect(marked('```ts{2-1}')).toEqual(['ts', [1, 2]])
    expect(marked('```{5}')).toEqual([undefined, [5]])
    // Lines past the end are ignored; other words of the info string stay out of the language.
    expect(marked('```JS{5,99} title="a.js"')).toEqual(['js', [5]])
    // A huge range is cut at the block's end (counted out, it would not finish).
    expect(marked('```js{2-999999999}')).toEqual(['js', [2, 3, 4, 5]])
  })

  it('leaves blocks without braces as they were', () => {
    const { html } = parse('```js\nconst a = 1\n```\n\n```js{x}\nb\n```\n')
    expect(html).toContain('<div class="language-js code-block" data-lang="js"><pre class="hljs"><code><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>\n</code></pre></div>')
    expect(html).not.toContain('highlighted')
  })
})

describe('line numbers (markdown.lineNumbers)', () => {
  it('is a boolean under markdown in the config, false when left out', () => {
    expect(resolveSiteConfig({}).markdown).toEqual({ lineNumbers: false, pageScripts: false, pageStyles: false })
    expect(resolveSiteConfig({ markdown: { lineNumbers: true } }).markdown.lineNumbers).toBe(true)
    expect(checkSiteConfig({ markdown: { lineNumbers: 'yes' } }).map((p) => p.path)).toEqual(['markdown.lineNumbers'])
  })

  it('are off by default', () => {
    const [block] = blocks(parse('```js{2}\n' + JS + '\n```\n').html)
    expect(block.numbers).toBeUndefined()
    expect(block.classes).not.toContain('line-numbers-mode')
  })

  it('number every line of every block, outside the code and hidden from assistive tools', () => {
    const list = blocks(parse('```js{2}\n' + JS + '\n```\n\n```\n纯文本\n```\n\n    缩进的代码\n    第二行\n', { lineNumbers: true }).html)
    expect(list.map((b) => b.numbers)).toEqual([['1', '2', '3', '4', '5'], ['1'], ['1', '2']])
    expect(list.every((b) => b.numbersHidden && b.classes.includes('line-numbers-mode'))).toBe(true)
    expect(list[0].code).toBe(JS)
    expect(list[0].lines.map((l) => l.highlighted)).toEqual([false, true, false, false, false])
    expect(list[2].code).toBe('缩进的代码\n第二行')
  })

  it('both HTML writers write the same blocks', () => {
    const source = '```js{1,3-4}\n' + JS + '\n```\n\n```python\nprint("x")\n```\n'
    for (const lineNumbers of [false, true]) {
      const { tree } = preparePage({ relativePath: 'guide/page.md', source }, { base: '/gpt/', lineNumbers })
      expect(writeHtml(tree, firstScreenImage(tree))).toBe(hastPathHtml(tree))
    }
  })
})

const SNIPPET_TS = `import { defineConfig } from 'gptnotes'

export default defineConfig({
  // #region config
  title: '我的站点',
  // #region inner
  base: '/docs/',
  // #endregion inner
  // #endregion
})
`

describe('imported code (<<< @/file)', () => {
  const root = site({
    'content/snippets/site.ts': SNIPPET_TS,
    'content/snippets/tool.py': 'import sys\n\nclass Tool:\n    # region run\n    def run(self):\n        return sys.argv\n    # endregion run\n',
    'content/snippets/style.css': 'a { color: red }\n/* #region button */\n.button {\n  color: blue;\n}\n/* #endregion button */\n',
    'content/snippets/page.html': '<body>\n  <!-- #region nav -->\n  <nav>导航</nav>\n  <!-- #endregion nav -->\n</body>\n',
    'content/snippets/crlf.js': 'let a = 1\r\nlet b = 2\r\n',
    'examples/outside-content.js': "console.log('site folder')\n",
  })
  const imported = (markdown: string, options: Partial<ParseOptions> = {}) => parse(markdown, options, root)

  it('takes the whole file, in the language of its extension, with lines marked', () => {
    const page = imported('# 导入\n\n<<< @/snippets/site.ts{1,3}\n')
    const [block] = blocks(page.html)
    expect(block.lang).toBe('ts')
    expect(block.code).toBe(SNIPPET_TS.slice(0, -1))
    expect(block.lines.map((l, i) => (l.highlighted ? i + 1 : 0)).filter(Boolean)).toEqual([1, 3])
    expect(block.lines[0].tokens).toEqual(expect.arrayContaining(['hljs-keyword', 'hljs-string']))
    expect(page.html).not.toContain('&#x3C;&#x3C;&#x3C;')
    expect(page.importStamps).toEqual({ [join(root, 'content/snippets/site.ts')]: expect.any(String) })
  })

  it('takes a region without its markers, nested markers or indentation, in each comment style', () => {
    const list = blocks(
      imported(
        '<<< @/snippets/site.ts#config{2}\n\n<<< @/snippets/site.ts#inner\n\n<<< @/snippets/tool.py#run\n\n<<< @/snippets/style.css#button\n\n<<< @/snippets/page.html#nav\n',
      ).html,
    )
    expect(list.map((b) => [b.lang, b.code])).toEqual([
      ['ts', "title: '我的站点',\nbase: '/docs/',"],
      ['ts', "base: '/docs/',"],
      ['py', 'def run(self):\n    return sys.argv'],
      ['css', '.button {\n  color: blue;\n}'],
      ['html', '<nav>导航</nav>'],
    ])
    expect(list[0].lines.map((l) => l.highlighted)).toEqual([false, true])
  })

  it('reads a path without @ from the site folder, Windows line endings as lines, and numbers imported lines too', () => {
    const list = blocks(imported('<<< examples/outside-content.js\n\n<<< @/snippets/crlf.js\n', { lineNumbers: true }).html)
    expect(list.map((b) => [b.lang, b.code, b.numbers])).toEqual([
      ['js', "console.log('site folder')", ['1']],
      ['js', 'let a = 1\nlet b = 2', ['1', '2']],
    ])
  })

  it('an import line ends its paragraph; imports in lists and quotes work; a \\<<< line or a <<< inside a line stays text', () => {
    const { html } = imported('<<< @/snippets/crlf.js\n随后的文字\n\n- 列表里：\n\n  <<< @/snippets/crlf.js{2}\n\n> <<< @/snippets/crlf.js\n\n\\<<< @/snippets/nothing.js\n\n文字 <<< @/snippets/nothing.js\n')
    expect(blocks(html).map((b) => b.code)).toEqual(['let a = 1\nlet b = 2', 'let a = 1\nlet b = 2', 'let a = 1\nlet b = 2'])
    expect(html).toContain('</div>\n<p>随后的文字</p>')
    expect(html).toMatch(/<li>\n<p>列表里：<\/p>\n<div class="language-js code-block has-highlighted-lines"/)
    expect(html).toMatch(/<blockquote>\n<div class="language-js code-block"/)
    expect(html).toContain('<p>&#x3C;&#x3C;&#x3C; @/snippets/nothing.js</p>')
    expect(html).toContain('<p>文字 &#x3C;&#x3C;&#x3C; @/snippets/nothing.js</p>')
  })

  /** The error a page raises, as the build reports it. */
  const failure = (markdown: string, at = root): GptnotesError => thrownBy(() => parse(markdown, {}, at), GptnotesError)

  it('a missing file, a folder or a missing region stops the build at the <<< line, with a hint', () => {
    const missing = failure('---\ntitle: x\n---\n\n正文\n\n- 项\n\n  <<< @/snippets/nothing.js\n')
    expect([missing.code, missing.loc]).toEqual(['CodeImportNotFound', { file: 'content/guide/page.md', line: 9, column: 3 }])
    expect(missing.message).toContain('@/snippets/nothing.js')
    expect(missing.hint).toMatch(/content\//)
    expect(missing.frame).toContain('<<< @/snippets/nothing.js')

    const folder = failure('<<< @/snippets')
    expect([folder.code, folder.message]).toEqual(['CodeImportNotFound', 'cannot import code from @/snippets: it is a folder'])

    const region = failure('# 标题\n\n<<< @/snippets/site.ts#nothing{1}\n')
    expect([region.code, region.loc?.line, region.loc?.column]).toEqual(['CodeImportRegionNotFound', 3, 1])
    expect(region.message).toBe('@/snippets/site.ts has no region named "nothing" (a #region nothing line and a #endregion line after it)')
  })

  it('refuses any file outside the site folder: .. paths, absolute paths, symbolic links out', () => {
    for (const path of ['@/../../etc/passwd', '../etc/passwd', '/etc/passwd']) {
      const err = failure(`<<< ${path}\n`)
      expect([err.code, err.loc?.line], path).toEqual(['CodeImportOutsideSite', 1])
    }
    const linked = site({ 'content/index.md': '' })
    symlinkSync('/etc/passwd', join(linked, 'passwd'))
    symlinkSync('/etc', join(linked, 'content/etc'))
    expect(failure('<<< passwd\n', linked).code).toBe('CodeImportOutsideSite')
    expect(failure('<<< @/etc/hostname\n', linked).code).toBe('CodeImportOutsideSite')
  })
})

describe('the parse caches', () => {
  it('parse a page again when its imported file changes, and every page when line numbers are turned on or off', async () => {
    const root = site({ 'content/a.md': '<<< @/code/a.js\n', 'content/b.md': '```js\nb\n```\n', 'content/code/a.js': 'first()\n' })
    const contentDir = join(root, 'content')
    const sources = ['a.md', 'b.md'].map((relativePath) => ({ relativePath, source: relativePath === 'a.md' ? '<<< @/code/a.js\n' : '```js\nb\n```\n' }))
    for (const caches of [() => new BuildCaches(), () => new BuildCaches(join(root, '.cache'))]) {
      const c = caches()
      const run = (lineNumbers = false) => c.parsePages(sources, { base: '/gpt/', contentDir, lineNumbers })
      const first = await run()
      expect(first.fresh).toBe(2)
      expect(blocks(first.pages[0].html)[0].code).toBe('first()')
      expect((await run()).fresh).toBe(0)

      writeFileSync(join(contentDir, 'code/a.js'), 'second()\n')
      utimesSync(join(contentDir, 'code/a.js'), new Date(), new Date(Date.now() + 5000))
      const changed = await run()
      expect(changed.fresh).toBe(1)
      expect(blocks(changed.pages[0].html)[0].code).toBe('second()')

      const numbered = await run(true)
      expect(numbered.fresh).toBe(2)
      expect(blocks(numbered.pages[1].html)[0].numbers).toEqual(['1'])
      expect((await run(true)).fresh).toBe(0)
      writeFileSync(join(contentDir, 'code/a.js'), 'first()\n')
    }
    // A new builder reads the disk cache: nothing changed since, nothing parsed.
    expect((await new BuildCaches(join(root, '.cache')).parsePages(sources, { base: '/gpt/', contentDir, lineNumbers: true })).fresh).toBe(1)
  })
})
