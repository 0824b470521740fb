import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { preparePage } from '../../src/render/content/parse-page.js'
import { hastPathHtml, mdastToHtml } from '../../src/render/markdown/to-html.js'
import { firstScreenImage } from '../../src/render/markdown/site-elements.js'
import { Unwritable, writeHtml } from '../../src/render/markdown/write-html.js'
import { FIXTURES, REPO_ROOT } from '../helpers/sites.js'

/*
 * The writer that makes no hast (write-html.ts) must give the bytes of the hast path
 * (mdast-util-to-hast, then hast-util-to-html) for every page it writes: each source here is
 * prepared as parsePage prepares it, then written both ways.
 */

const treeOf = (source: string, name = 'page.md') => preparePage({ relativePath: `handbook/${name}`, source }, { base: '/gpt/' }).tree

/** The writer's HTML, or undefined where it leaves the page to the hast path; `lang`: the page's language. */
function written(source: string, name?: string, lang?: string): { direct: string | undefined; hast: string } {
  const tree = treeOf(source, name)
  let direct: string | undefined
  try {
    direct = writeHtml(tree, firstScreenImage(tree), lang)
  } catch (err) {
    if (!(err instanceof Unwritable)) throw err
  }
  return { direct, hast: hastPathHtml(tree, undefined, lang) }
}

/** Constructs one at a time, with the corners where the hast path does something particular. */
const CASES: Record<string, string> = {
  'hard breaks drop the next line’s leading blanks, in text and in the first text of an element':
    'a  \n&#32;&#9;b\n\nc\\\n*&#32;d*\n\nc2  \n`&#32;c3`\n\na  \n   b\n\nc\\\n  *d*\n\ne  \n  `f`\n\ng  \n  [h](./x.md)\n\ni  \n  ~~j~~\n\nk  \n  <span>l</span>\n\nm  \n  **n** o  \n  ![p](./images/a.png)\n\nq  \n  \n',
  'after a hard break only a text first in an element loses its blanks, not one deeper': 'a  \n*__&#32;x__ y*\n\nb  \n*`&#32;c` d*\n\ne  \n[*&#32;f*](./g.md)',
  'blanks around line endings inside a text': 'a   \n   b\t\n\tc  \n d',
  'characters escaped in text and attributes': 'a & b < c > d " \' ` &amp; &#x3C; &copy;\n\n[x](https://example.com/?a=1&b="2" \'ti"t&le`\')\n\n![al"t&<](./images/a.png "t\'i")',
  'link addresses normalised': '[a](<./中 文.md>) [b](https://例子.com/路径?q=空 格) [c](#锚点) [d](mailto:a@b.c)',
  'external links open apart': '[外部](https://example.com) 和 <https://example.org/x> 与 www.example.net 以及 a@b.cn',
  'tight, loose and nested lists': '- a\n- b\n  - c\n  - d\n\n    e\n- f\n\n1. x\n2. y\n\n3. z\n\n---\n\n0. zero\n1. one\n\n5) five\n\n-\n- 空\n\n* a\n\n  ```js\n  x\n  ```\n* b',
  'task lists, tight and loose, with and without text': '- [ ] 注册账号\n- [x] 绑定 `订阅`\n- [x]\n- 普通\n\n1. [x] 一\n\n2. [ ] 二\n\n   另一段\n\n- [ ] **粗** [链接](./a.md)',
  tables:
    '| 左 | 中 | 右 | 无 |\n| :-- | :-: | --: | --- |\n| a | **b** | `c\\|d` | [e](./e.md) |\n| 少 |\n| 1 | 2 | 3 | 4 | 5 |\n\n| 只有表头 |\n| --- |\n\na | b\n-- | --\nc | d',
  'blockquotes, nested and empty': '> a\n> > b\n>\n> - c\n\n>\n\n> # 标题\n> 正文',
  'headings with marks and repeats': '# 大标题\n\n## a "b" & <c>\n\n## a "b" & <c>\n\n### `代码` 与 [链接](./x.md)\n\n#### ***强调***\n\n标题\n===\n\n小标题\n---',
  'raw HTML passes': '<div class="x">\n<p>块</p>\n</div>\n\n行内 <kbd>Ctrl</kbd> 与 <!-- 注释 --> 文字\n\n<details><summary>s</summary>\n\n正文\n\n</details>',
  'code blocks': '```\n无语言 < & >\n```\n\n```js title="a.js"\nconst a = 1 < 2 && "x"\n```\n\n```c++\nint main() {}\n```\n\n```unknown-lang\n<tag>\n```\n\n```\n```\n\n    缩进代码 &\n\n~~~python\nprint("hi")\n~~~',
  'code blocks with marked lines': '```js{1,3-4}\nconst a = `x\ny`\n/* c\nd */\n```\n\n``` python {2} title="a.py"\nx = 1\ny = "<&>"\n```\n\n```{1}\n纯文本\n```',
  containers:
    '::: tip\n默认。\n:::\n\n::: warning 自定标题 & "引号"\n- 列表\n- 项\n\n```js\nx\n```\n:::\n\n::: details\n细节\n:::\n\n::: spoiler 看答案\n答案是 **42**。\n:::\n\n::: danger\n::: info 内层\n嵌套\n:::\n:::\n\n:::unknownname\n未知名称\n:::',
  'VuePress and reco containers, unknown names, emoji':
    '::: theorem 牛顿第一定律\n外力为零。\n\n::: right\n来自 [维基百科](https://zh.wikipedia.org/)\n:::\n:::\n\n::: theorem\n无题\n:::\n\n::: v-pre\n{{ msg }} :tada:\n:::\n\n::: foo 标题\n未知\n:::\n\n::: 中文名\n也未知\n:::\n\n## :rocket: 开始 :tada:\n\n正文 :smile: 与 `:tada:` 10:30:00 :not-an-emoji:',
  'a demo block': '::: demo 按钮\n```html\n<button>点我</button>\n```\n\n```css\nbutton { color: red }\n```\n:::\n',
  'table of contents': '[[toc]]\n\n## 一\n\n### 一点一\n\n## 二',
  'images: the first screen’s loads at once, later ones lazily': '![首图](./images/a.png)\n\n段落\n\n段落\n\n段落\n\n段落\n\n![后图](./images/b.png "标题")\n\n[![链接里的图](./images/c.png)](./c.md)',
  'thematic breaks and strikethrough': '***\n\n~~删除~~ 与 ~单~ 与 ~~**嵌套**~~\n\n___',
  'a definition nobody references leaves nothing': '正文\n\n[unused]: https://example.com',
  'frontmatter and an empty body': '---\ntitle: 空\n---\n',
}

/** What only the hast path writes: the writer declines, and mdastToHtml still gives the hast path's HTML. */
const HAST_ONLY: Record<string, string> = {
  footnotes: '正文[^1]。\n\n[^1]: 脚注内容',
  'reference links': '[链接][ref] 与 ![图][img]\n\n[ref]: https://example.com\n[img]: ./images/a.png',
}

describe('HTML written in one walk equals the hast path', () => {
  it.each(Object.entries(CASES))('%s', (_, source) => {
    const { direct, hast } = written(source)
    expect(direct).toBeDefined()
    expect(direct).toBe(hast)
  })

  it('containers on an English page (default titles in English)', () => {
    const { direct, hast } = written(CASES.containers, undefined, 'en-US')
    expect(direct).toContain('<p class="custom-block-title">TIP</p>')
    expect(direct).toBe(hast)
  })

  it.each(Object.entries(HAST_ONLY))('%s: left to the hast path, same HTML from mdastToHtml', (_, source) => {
    const { direct, hast } = written(source)
    expect(direct).toBeUndefined()
    expect(hast).not.toBe('')
    expect(mdastToHtml(treeOf(source))).toBe(hast)
  })

  it('a node that renames its element is left to the hast path', () => {
    const tree = treeOf('正文')
    tree.children[0].data = { hName: 'section' } as never
    expect(() => writeHtml(tree, undefined)).toThrow(Unwritable)
    expect(mdastToHtml(tree)).toBe('<section>正文</section>')
  })

  it('every markdown file of the fixtures and of the site', () => {
    const dirs = [FIXTURES, join(REPO_ROOT, 'content')]
    let same = 0
    for (const dir of dirs) {
      for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'))) {
        const source = readFileSync(join(dir, file), 'utf8')
        let result
        try {
          result = written(source, file.replace(/.*\//, ''))
        } catch {
          continue // fixtures of build errors (unsafe URLs, nesting too deep) have no HTML
        }
        if (result.direct === undefined) continue
        expect(result.direct, `${dir}/${file}`).toBe(result.hast)
        same++
      }
    }
    expect(same).toBeGreaterThan(100)
  })

  describe('a generated corpus', () => {
    const out = mkdtempSync(join(tmpdir(), 'gptnotes-write-html-'))
    afterAll(() => rmSync(out, { recursive: true, force: true }))

    it('200 pages of the bench corpus', () => {
      execFileSync(process.execPath, [join(REPO_ROOT, 'bench/gen-corpus.mjs'), '--n', '200', '--out', out])
      const files = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'))
      expect(files.length).toBeGreaterThan(200)
      for (const file of files) {
        const { direct, hast } = written(readFileSync(join(out, file), 'utf8'), file.replace(/.*\//, ''))
        expect(direct, file).toBe(hast)
      }
    })
  })
})
