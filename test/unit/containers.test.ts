import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BuildCaches } from '../../src/render/build-caches.js'
import { parsePage, preparePage, type ParseOptions } from '../../src/render/content/parse-page.js'
import { parseOptionsKey } from '../../src/render/content/parse-options.js'
import { visit } from '../../src/render/markdown/visit.js'

// `:::` containers as VuePress 1 and vuepress-theme-reco 1.x authors write them, as a reader
// gets them: the HTML of the page, in a Chinese and an English page of one site.

/** A site like a migrated reco one: Chinese at the root, English under /en/. */
const SITE: ParseOptions = { base: '/gpt/', lang: 'en-US', localeLangs: { '/': 'zh-CN', '/en/': 'en-US' } }

const page = (source: string, relativePath = 'handbook/a.md', options = SITE) => parsePage({ relativePath, source }, options)
const zh = (source: string) => page(source).html
const en = (source: string) => page(source, 'en/guide/a.md').html

describe('VuePress default theme containers: default titles in the page’s language', () => {
  const DEFAULTS: [name: string, zh: string, en: string][] = [
    ['tip', '提示', 'TIP'],
    ['warning', '注意', 'WARNING'],
    ['danger', '警告', 'DANGER'],
  ]

  it.each(DEFAULTS)('::: %s is titled %s on a Chinese page and %s on an English one', (name, zhTitle, enTitle) => {
    const source = `::: ${name}\n内容\n:::`
    const block = (title: string) => `<div class="custom-block ${name}"><p class="custom-block-title">${title}</p><p>内容</p></div>`
    expect(zh(source)).toBe(block(zhTitle))
    expect(en(source)).toBe(block(enTitle))
  })

  it('::: details is a real <details> with a <summary>: 更多 / See More (reco’s), or the author’s title', () => {
    expect(zh('::: details\n隐藏的内容\n:::')).toBe('<details class="custom-block details"><summary>更多</summary><p>隐藏的内容</p></details>')
    expect(en('::: details\nhidden\n:::')).toBe('<details class="custom-block details"><summary>See More</summary><p>hidden</p></details>')
    expect(en('::: details 点击展开\nhidden\n:::')).toBe('<details class="custom-block details"><summary>点击展开</summary><p>hidden</p></details>')
  })

  it('a title written after the name wins on both pages', () => {
    for (const html of [zh('::: warning 小心 :fire:\n内容\n:::'), en('::: warning 小心 :fire:\n内容\n:::')]) {
      expect(html).toBe('<div class="custom-block warning"><p class="custom-block-title">小心 🔥</p><p>内容</p></div>')
    }
  })

  it('the page’s language: the longest locales prefix, else the site’s lang, and the page’s own frontmatter lang over both', () => {
    const options: ParseOptions = { base: '/gpt/', lang: 'en-US', localeLangs: { '/': 'zh-CN', '/en/': 'en-US', '/en/zh/': 'zh-CN' } }
    const title = (relativePath: string, source = '::: tip\nx\n:::') => /custom-block-title">([^<]*)</.exec(page(source, relativePath, options).html)?.[1]
    expect(title('a.md')).toBe('提示')
    expect(title('en/a.md')).toBe('TIP')
    expect(title('en/zh/a.md')).toBe('提示')
    expect(title('en/a.md', '---\nlang: zh-CN\n---\n\n::: tip\nx\n:::')).toBe('提示')
    // No locales: the site's lang.
    expect(/custom-block-title">([^<]*)</.exec(page('::: tip\nx\n:::', 'a.md', { base: '/gpt/', lang: 'en-US', localeLangs: {} }).html)?.[1]).toBe('TIP')
    // Nothing said: the site's content is Chinese.
    expect(/custom-block-title">([^<]*)</.exec(page('::: tip\nx\n:::', 'a.md', { base: '/gpt/' }).html)?.[1]).toBe('提示')
  })

  it('search text carries the title the reader sees', () => {
    expect(page('::: tip\n内容\n:::', 'en/a.md').text).toBe('TIP 内容')
    expect(page('::: tip\n内容\n:::').text).toBe('提示 内容')
  })

  it('a build after the site’s languages change parses the pages anew (in memory and on disk), and one back hits the cache', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'gptnotes-lang-'))
    try {
      const sources = [{ relativePath: 'a.md', source: '::: tip\nx\n:::' }]
      const caches = new BuildCaches(cacheDir)
      const title = (r: { pages: { html: string }[] }) => /custom-block-title">([^<]*)</.exec(r.pages[0].html)?.[1]
      const zhFirst = await caches.parsePages(sources, { base: '/gpt/', lang: 'en-US', localeLangs: { '/': 'zh-CN' } })
      expect([title(zhFirst), zhFirst.fresh]).toEqual(['提示', 1])
      const enNow = await caches.parsePages(sources, { base: '/gpt/', lang: 'en-US', localeLangs: { '/': 'en-US' } })
      expect([title(enNow), enNow.fresh]).toEqual(['TIP', 1])
      // A new builder over the same folder (the next CLI run) with the first settings: from disk.
      const again = await new BuildCaches(cacheDir).parsePages(sources, { base: '/gpt/', lang: 'en-US', localeLangs: { '/': 'zh-CN' } })
      expect([title(again), again.fresh]).toEqual(['提示', 0])
    } finally {
      rmSync(cacheDir, { recursive: true, force: true })
    }
  })

  it('the language is part of the parse cache’s key: another language parses the pages anew', () => {
    expect(parseOptionsKey(SITE)).not.toBe(parseOptionsKey({ ...SITE, localeLangs: { '/': 'en-US' } }))
    expect(parseOptionsKey(SITE)).not.toBe(parseOptionsKey({ ...SITE, lang: 'zh-CN' }))
    // Where the files are read from is not.
    expect(parseOptionsKey({ ...SITE, contentDir: '/a' })).toBe(parseOptionsKey({ ...SITE, contentDir: '/b' }))
  })
})

describe('reco’s containers', () => {
  it('::: theorem: a box titled with the theorem’s name; no title line when none is written', () => {
    expect(zh('::: theorem 牛顿第一定律\n假若施加于某物体的外力为零。\n:::')).toBe(
      '<div class="custom-block theorem"><p class="custom-block-title">牛顿第一定律</p><p>假若施加于某物体的外力为零。</p></div>',
    )
    expect(en('::: theorem\nstatement\n:::')).toBe('<div class="custom-block theorem"><p>statement</p></div>')
  })

  it('::: right: the content in a right-aligned block, no title of its own', () => {
    expect(zh('::: right\n来自 [维基百科](https://zh.wikipedia.org/)\n:::')).toBe(
      '<div class="custom-block right"><p>来自 <a href="https://zh.wikipedia.org/" target="_blank" rel="noopener noreferrer">维基百科</a></p></div>',
    )
  })

  it('reco’s own example: a right-aligned source inside a theorem', () => {
    const html = zh('::: theorem 牛顿第一定律\n外力为零。\n\n::: right\n来自维基百科\n:::\n:::')
    expect(html).toBe(
      '<div class="custom-block theorem"><p class="custom-block-title">牛顿第一定律</p><p>外力为零。</p><div class="custom-block right"><p>来自维基百科</p></div></div>',
    )
  })
})

describe('::: v-pre', () => {
  const source = '::: v-pre\n`{{ a }}` 与 {{ msg }} :tada: **粗**\n:::\n\n外面 :tada:'

  it('keeps its content as written: no emoji, no interpolation; markdown still renders', () => {
    const html = zh(source)
    expect(html).toBe('<div class="v-pre"><p><code>{{ a }}</code> 与 {{ msg }} :tada: <strong>粗</strong></p></div>\n<p>外面 🎉</p>')
  })

  it('stays a containerDirective named v-pre in the tree, for the passes over text that skip it', () => {
    const { tree } = preparePage({ relativePath: 'a.md', source }, SITE)
    const names: string[] = []
    visit(tree, 'containerDirective', (node) => void names.push(node.name))
    expect(names).toEqual(['v-pre'])
  })
})

describe('a container name the site does not know', () => {
  const source = '---\ntitle: 未知\n---\n\n正文\n\n::: callout 提醒\n内容 **照常**\n:::\n\n::: 注意\n中文名\n:::\n'

  it('shows its content in a plain box (its title when written), never the literal colons', () => {
    const { html } = page(source)
    expect(html).not.toContain(':::')
    expect(html).toContain('<div class="custom-block" data-container="callout"><p class="custom-block-title">提醒</p><p>内容 <strong>照常</strong></p></div>')
    expect(html).toContain('<div class="custom-block" data-container="注意"><p>中文名</p></div>')
  })

  it('warns with the file and the line of its opening', () => {
    expect(page(source).warnings).toEqual([
      { code: 'UnknownContainer', message: '::: callout is not a container this site knows: its content is shown in a plain box', loc: { file: 'content/handbook/a.md', line: 7, column: 1 } },
      { code: 'UnknownContainer', message: '::: 注意 is not a container this site knows: its content is shown in a plain box', loc: { file: 'content/handbook/a.md', line: 11, column: 1 } },
    ])
  })

  it('known names raise no warning, and a block in fenced code is code', () => {
    const { html, warnings } = page('::: tip\nx\n:::\n\n```md\n::: nope\n:::\n```')
    expect(warnings).toBeUndefined()
    expect(html).toContain('::: nope\n:::\n</code>')
  })
})

describe('nesting', () => {
  it('blocks nest as in VuePress, with fences of one length: the innermost closes first', () => {
    const html = zh('::: danger\n::: details 内层\n嵌套\n:::\n外层的后半\n:::\n\n之后')
    expect(html).toBe(
      '<div class="custom-block danger"><p class="custom-block-title">警告</p><details class="custom-block details"><summary>内层</summary><p>嵌套</p></details><p>外层的后半</p></div>\n<p>之后</p>',
    )
  })

  it('three deep, with a block in micromark’s own syntax among them, and longer fences kept', () => {
    const html = zh(':::: tip\n::: warning\n:::right[出处]\n一\n:::\n二\n:::\n三\n::::\n\n之后')
    expect(html).toBe(
      '<div class="custom-block tip"><p class="custom-block-title">提示</p><div class="custom-block warning"><p class="custom-block-title">注意</p><div class="custom-block right"><p class="custom-block-title">出处</p><p>一</p></div><p>二</p></div><p>三</p></div>\n<p>之后</p>',
    )
  })

  it('a block never closed holds the rest of the page, as in VuePress; no colons are left', () => {
    const html = zh('::: theorem 定理\n内容\n\n::: right\n来源\n:::\n\n后文')
    expect(html).not.toContain(':::')
    expect(html).toBe('<div class="custom-block theorem"><p class="custom-block-title">定理</p><p>内容</p><div class="custom-block right"><p>来源</p></div><p>后文</p></div>')
  })
})
