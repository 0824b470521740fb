import type { Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal'
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote'
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough'
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table'
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item'
import { micromark, parse, postprocess, preprocess } from 'micromark'
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal'
import { gfmFootnote } from 'micromark-extension-gfm-footnote'
import { gfmStrikethrough, gfmStrikethroughHtml } from 'micromark-extension-gfm-strikethrough'
import { gfmTable } from 'micromark-extension-gfm-table'
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item'
import type { Extension, Point } from 'micromark-util-types'
import { describe, expect, it } from 'vitest'
import { linearAttention } from '../../src/render/markdown/attention.js'
import { parseMarkdown } from '../../src/render/markdown/parse-markdown.js'
import { linearStrikethrough } from '../../src/render/markdown/strikethrough.js'

/**
 * Our attention and strikethrough constructs (linear time) against micromark's built-in ones:
 * the same events, point for point, and the same mdast, for thousands of generated inputs.
 */

const gfm = { table: gfmTable(), footnote: gfmFootnote(), tasks: gfmTaskListItem(), autolinks: gfmAutolinkLiteral() }
/** Reference and ours, as parse-markdown.ts lists them (attention first, then GFM). */
const configs: { name: string; builtIn: Extension[]; ours: Extension[] }[] = [
  {
    name: 'with GFM',
    builtIn: [gfm.table, gfm.footnote, gfmStrikethrough(), gfm.tasks, gfm.autolinks],
    ours: [linearAttention, gfm.table, gfm.footnote, linearStrikethrough, gfm.tasks, gfm.autolinks],
  },
  { name: 'attention alone', builtIn: [], ours: [linearAttention] },
]
const mdastExtensions = [
  gfmTableFromMarkdown(),
  gfmFootnoteFromMarkdown(),
  gfmStrikethroughFromMarkdown(),
  gfmTaskListItemFromMarkdown(),
  // As parse-markdown.ts wires it: literal autolinks as micromark tokenizes them, without the
  // transform that looks for more in the text afterwards (micromark's own HTML makes none of those).
  { ...gfmAutolinkLiteralFromMarkdown(), transforms: [] },
]

const point = (p: Point) => `${p.line}:${p.column}:${p.offset}:${p._index}:${p._bufferIndex}`
/** Every event micromark hands to mdast-util-from-markdown, as text. */
function events(source: string, extensions: Extension[]): string[] {
  const list = postprocess(parse({ extensions }).document().write(preprocess()(source, undefined, true)))
  return list.map(([kind, token]) => `${kind} ${token.type} ${point(token.start)}-${point(token.end)}`)
}
const tree = (source: string, extensions: Extension[]): Root => fromMarkdown(source, { extensions, mdastExtensions })

/** A small seeded generator, so a failure names an input that can be run again. */
function random(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const DELIMITERS = ['*', '**', '***', '****', '_', '__', '___', '~', '~~', '~~~', '*_', '_*', '~*', '*~', '_~~', '~~_']
const OTHERS = [
  'a', 'foo', 'b c', '中文', '加粗', '斜体', 'é', '，', '。', '！', '“', '”', '"', '.', ',', '(', ')', '-', '—',
  ' ', ' ', '  ', '\t', '\u00a0', '\u3000', '\\', '\\*', '\\_', '\\~', '`x`', '`*`', '`', '``a*``',
  '[', ']', '](u)', '[l](http://e.x)', '[*l*](u)', '![i](p)', '[^1]', '<i>', '&amp;', '&', 'www.e.com', 'a@b.co',
  '\n', '\n', '  \n', '\\\n', '\n\n', '\n> ', '\n- ', '|',
]

function input(next: () => number, pieces: number): string {
  let out = ''
  for (let i = 0; i < pieces; i++) {
    const list = next() < 0.45 ? DELIMITERS : OTHERS
    out += list[Math.floor(next() * list.length)]
  }
  return out
}

describe('attention and strikethrough give what the built-in constructs give', () => {
  it.each(configs)('$name: events and trees of 3,300 generated inputs', ({ builtIn, ours }) => {
    const next = random(20260513)
    let emphasis = 0
    for (let n = 0; n < 3_300; n++) {
      const source = input(next, n < 3_000 ? 1 + Math.floor(next() * 30) : 40 + Math.floor(next() * 100))
      const expected = events(source, builtIn)
      expect(events(source, ours), JSON.stringify(source)).toEqual(expected)
      expect(tree(source, ours), JSON.stringify(source)).toEqual(tree(source, builtIn))
      if (expected.some((e) => /^enter (emphasis|strong|strikethrough) /.test(e))) emphasis++
    }
    // The inputs do make spans, not only leftover markers.
    expect(emphasis).toBeGreaterThan(1_500)
  })

  it('parseMarkdown (the wiring) gives the built-in tree', () => {
    const next = random(7)
    const builtIn = configs[0].builtIn
    for (let n = 0; n < 500; n++) {
      const source = input(next, 1 + Math.floor(next() * 60))
      expect(parseMarkdown(source), JSON.stringify(source)).toEqual(tree(source, builtIn))
    }
  })

  it('handles deep nesting and long runs as the built-in does', () => {
    const cases = [
      '*a '.repeat(300) + 'b' + '* c'.repeat(300),
      '**a '.repeat(200) + 'b' + '** c'.repeat(200),
      '_a '.repeat(100) + '~~b ' .repeat(100) + 'c_ '.repeat(100) + 'd~~ '.repeat(100),
      '*'.repeat(1000) + 'a' + '*'.repeat(999),
      '***a** '.repeat(200) + '*',
      '~~a ~b~ c~~ '.repeat(100),
      'a* b_ '.repeat(300) + '*c* _d_',
    ]
    for (const source of cases) {
      for (const { builtIn, ours } of configs) {
        expect(events(source, ours)).toEqual(events(source, builtIn))
        expect(tree(source, ours)).toEqual(tree(source, builtIn))
      }
    }
  })
})

describe('CommonMark emphasis examples', () => {
  const examples: [string, string][] = [
    ['*foo bar*', '<em>foo bar</em>'],
    ['a * foo bar*', 'a * foo bar*'],
    ['a*"foo"*', 'a*&quot;foo&quot;*'],
    ['*\u00a0a\u00a0*', '*\u00a0a\u00a0*'],
    ['foo*bar*', 'foo<em>bar</em>'],
    ['5*6*78', '5<em>6</em>78'],
    ['_foo bar_', '<em>foo bar</em>'],
    ['_ foo bar_', '_ foo bar_'],
    ['a_"foo"_', 'a_&quot;foo&quot;_'],
    ['foo_bar_', 'foo_bar_'],
    ['5_6_78', '5_6_78'],
    ['пристаням_стремятся_', 'пристаням_стремятся_'],
    ['aa_"bb"_cc', 'aa_&quot;bb&quot;_cc'],
    ['foo-_(bar)_', 'foo-<em>(bar)</em>'],
    ['_foo*', '_foo*'],
    ['*foo bar *', '*foo bar *'],
    ['*(*foo)', '*(*foo)'],
    ['*(*foo*)*', '<em>(<em>foo</em>)</em>'],
    ['*foo*bar', '<em>foo</em>bar'],
    ['_foo bar _', '_foo bar _'],
    ['_(_foo)', '_(_foo)'],
    ['_(_foo_)_', '<em>(<em>foo</em>)</em>'],
    ['_foo_bar', '_foo_bar'],
    ['_foo_bar_baz_', '<em>foo_bar_baz</em>'],
    ['_(bar)_.', '<em>(bar)</em>.'],
    ['**foo bar**', '<strong>foo bar</strong>'],
    ['** foo bar**', '** foo bar**'],
    ['a**"foo"**', 'a**&quot;foo&quot;**'],
    ['foo**bar**', 'foo<strong>bar</strong>'],
    ['__foo bar__', '<strong>foo bar</strong>'],
    ['foo__bar__', 'foo__bar__'],
    ['__foo, __bar__, baz__', '<strong>foo, <strong>bar</strong>, baz</strong>'],
    ['foo-__(bar)__', 'foo-<strong>(bar)</strong>'],
    ['**foo bar **', '**foo bar **'],
    ['**(**foo)', '**(**foo)'],
    ['*(**foo**)*', '<em>(<strong>foo</strong>)</em>'],
    ['**foo "*bar*" foo**', '<strong>foo &quot;<em>bar</em>&quot; foo</strong>'],
    ['**foo**bar', '<strong>foo</strong>bar'],
    ['__foo__bar', '__foo__bar'],
    ['*foo [bar](/url)*', '<em>foo <a href="/url">bar</a></em>'],
    ['*foo\nbar*', '<em>foo\nbar</em>'],
    ['_foo __bar__ baz_', '<em>foo <strong>bar</strong> baz</em>'],
    ['__foo_ bar_', '<em><em>foo</em> bar</em>'],
    ['*foo *bar**', '<em>foo <em>bar</em></em>'],
    ['*foo **bar** baz*', '<em>foo <strong>bar</strong> baz</em>'],
    ['*foo**bar**baz*', '<em>foo<strong>bar</strong>baz</em>'],
    ['*foo**bar*', '<em>foo**bar</em>'],
    ['***foo** bar*', '<em><strong>foo</strong> bar</em>'],
    ['*foo **bar***', '<em>foo <strong>bar</strong></em>'],
    ['*foo**bar***', '<em>foo<strong>bar</strong></em>'],
    ['foo***bar***baz', 'foo<em><strong>bar</strong></em>baz'],
    ['foo******bar*********baz', 'foo<strong><strong><strong>bar</strong></strong></strong>***baz'],
    ['*foo **bar *baz* bim** bop*', '<em>foo <strong>bar <em>baz</em> bim</strong> bop</em>'],
    ['**foo*bar*baz**', '<strong>foo<em>bar</em>baz</strong>'],
    ['** is not an empty emphasis', '** is not an empty emphasis'],
    ['**foo*', '*<em>foo</em>'],
    ['*foo**', '<em>foo</em>*'],
    ['***foo***', '<em><strong>foo</strong></em>'],
    ['_____foo_____', '<em><strong><strong>foo</strong></strong></em>'],
    ['*foo _bar* baz_', '<em>foo _bar</em> baz_'],
    ['*foo __bar *baz bim__ bam*', '<em>foo <strong>bar *baz bim</strong> bam</em>'],
    ['**foo **bar baz**', '**foo <strong>bar baz</strong>'],
    ['*foo *bar baz*', '*foo <em>bar baz</em>'],
    ['*[bar*](/url)', '*<a href="/url">bar*</a>'],
    ['_foo [bar_](/url)', '_foo <a href="/url">bar_</a>'],
    ['*a `*`*', '<em>a <code>*</code></em>'],
    ['_a `_`_', '<em>a <code>_</code></em>'],
    ['**a<http://foo.bar/?q=**>', '**a<a href="http://foo.bar/?q=**">http://foo.bar/?q=**</a>'],
    // GFM strikethrough, with the single tilde github.com allows.
    ['~~Hi~~ Hello, ~there~ world!', '<del>Hi</del> Hello, <del>there</del> world!'],
    ['This ~~has a\n\nnew paragraph~~.', 'This ~~has a</p>\n<p>new paragraph~~.'],
    ['This will ~~~not~~~ strike.', 'This will ~~~not~~~ strike.'],
    ['*a ~~b* c~~', '<em>a ~~b</em> c~~'],
    ['~~a *b~~ c*', '<del>a *b</del> c*'],
  ]
  const html = (source: string, extensions: Extension[]) =>
    micromark(source, { extensions, htmlExtensions: [gfmStrikethroughHtml()] }).replace(/^<p>|<\/p>$/g, '')

  it.each(examples)('%j', (source, expected) => {
    expect(html(source, [linearAttention, linearStrikethrough])).toBe(expected)
    expect(html(source, [gfmStrikethrough()])).toBe(expected)
  })
})

describe('resolving is linear in the length of a paragraph', () => {
  const cpu = () => {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1000
  }
  /** One paragraph of emphasis, strikethrough and closers with no opener (which walked back over everything). */
  const paragraph = (bytes: number) => {
    const unit = '一段文字，**加粗**，*斜体*，`代码`，~~删除~~，_下划线_，a* b_ '
    return unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit)))
  }
  const once = (source: string) => {
    const start = cpu()
    parseMarkdown(source)
    return cpu() - start
  }

  it('400 KB takes less than 8 times as long as 100 KB (CPU time, best of 3 in turns)', () => {
    const small = paragraph(100_000)
    const large = paragraph(400_000)
    expect(parseMarkdown(small).children).toHaveLength(1)
    once(small)
    let a = Infinity
    let b = Infinity
    for (let i = 0; i < 3; i++) {
      a = Math.min(a, once(small))
      b = Math.min(b, once(large))
    }
    expect(b / a).toBeLessThan(8)
  }, 120_000)
})
