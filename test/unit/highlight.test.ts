import hljs from 'highlight.js/lib/core'
import { describe, expect, it } from 'vitest'
import { highlight, LANGUAGES } from '../../src/render/markdown/highlight.js'

/** highlight.js as it comes: its own token tree and HTML renderer, the languages the build registers. */
const reference = hljs.newInstance()
for (const [name, lang] of Object.entries(LANGUAGES)) reference.registerLanguage(name, lang)
const expected = (code: string, language: string) => reference.highlight(code, { language, ignoreIllegals: true }).value

/** Code that reaches most modes of most grammars: strings of both quotes, comments, numbers, tags, `&`, `<`, `'`. */
const MIXED = `#!/usr/bin/env node
// 注释 & <b>"引号"</b> 'apostrophe'
/* block */ # hash comment -- dash comment
const answer = { "key": 'value', n: 42, f: 1.5e3, ok: true, none: null } // 对象
function greet(name: string): string { return \`你好，\${name} & <world>\` }
if [ -f "$HOME/.bashrc" ]; then echo 'it''s' && ls -la | grep "x" > /dev/null 2>&1; fi
SELECT id, "name" FROM users WHERE age >= 18 AND note LIKE '%o''k%';
key: "value" # yaml
[section]
path = "C:\\\\dir" ; ini
def f(x): return x ** 2 if x > 0 else None  # python
package main; func main() { fmt.Println("&<>\\"'") }
- item
+ added
@@ -1,2 +1,2 @@
<div class="a" data-x='1'>text &amp; more</div>
**bold** _em_ [link](https://example.com) \`code\`
`

const CASES: [language: string, code: string][] = [
  ...Object.keys(LANGUAGES).map((language): [string, string] => [language, MIXED]),
  // Sublanguages: a tag's script and style, HTML in markdown, templates in JavaScript.
  ['xml', `<!doctype html>\n<style>a > b { color: red; content: "'"; }</style>\n<script>if (a < b && c) alert('x')</script>\n<p title="&quot;">x</p>`],
  ['markdown', '# 标题\n\n<div class="note">**x** & y</div>\n\n```js\nconst a = 1 < 2\n```\n'],
  ['javascript', "const page = html`<p class=\"x\">${name} & 'y'</p>`\nconst style = css`a { color: red }`\n"],
  ['typescript', 'type A<T> = { [K in keyof T]?: T[K] } & { "q": \'s\' }\nconst el = <div>{a && b}</div>'],
  ['json', '{ "a": [1, 2.5, -3e2, true, null], "b": "<&>\\"\'" }'],
  ['bash', 'cat <<EOF > "$f"\n$(echo \'a & b\') ${x:-<y>}\nEOF'],
  // An unterminated string and an unknown escape: the parser recovers (ignoreIllegals).
  ['python', 'x = """never closed\nprint(f"{a!r} <b>")'],
  ['javascript', ''],
]

describe('highlighting', () => {
  it.each(CASES)('writes what highlight.js writes (%s)', (language, code) => {
    expect(highlight(code, language)).toBe(expected(code, language))
  })

  it('marks what highlight.js marks, escaped as it escapes', () => {
    const html = highlight('const s = "<a href=\'x\'>&</a>" // note', 'javascript')
    expect(html).toBe(
      '<span class="hljs-keyword">const</span> s = <span class="hljs-string">&quot;&lt;a href=&#x27;x&#x27;&gt;&amp;&lt;/a&gt;&quot;</span> <span class="hljs-comment">// note</span>',
    )
  })

  it('names a dotted scope as highlight.js does, and wraps a sublanguage in its class', () => {
    const fn = highlight('function go() {}', 'javascript')
    expect(fn).toContain('<span class="hljs-title function_">go</span>')
    const page = highlight('<script>let a = 1</script>', 'xml')
    expect(page).toContain('<span class="language-javascript"><span class="hljs-keyword">let</span> a = <span class="hljs-number">1</span></span>')
  })

  it('escapes the code of a language it does not know', () => {
    expect(highlight('<b> & \'x\'', 'brainfuck')).toBe('&lt;b&gt; &amp; &#39;x&#39;')
  })
})
