import { describe, expect, it } from 'vitest'
import { parsePage } from '../../src/render/content/parse-page.js'
import { emojify } from '../../src/render/markdown/emoji.js'

// Emoji shortcodes as VuePress 1 read them (markdown-it-emoji's full list), where a reader sees
// text: the body, headings (so the table of contents and the sidebar), the page's title.

const page = (source: string, relativePath = 'handbook/a.md') => parsePage({ relativePath, source }, { base: '/gpt/' })

describe('emoji shortcodes', () => {
  it('become emoji in body text, emphasis, links, lists, tables and containers', () => {
    const { html } = page(':tada: 发布了 *新版 :rocket:* [链接 :+1:](./b.md)\n\n- 列表 :smile:\n\n| a |\n| - |\n| :white_check_mark: |\n\n::: tip 提示 :bulb:\n正文 :heart:\n:::')
    expect(html).toContain('<p>🎉 发布了 <em>新版 🚀</em> <a href="/gpt/handbook/b.html">链接 👍</a></p>')
    expect(html).toContain('<li>列表 😄</li>')
    expect(html).toContain('<td>✅</td>')
    expect(html).toContain('<p class="custom-block-title">提示 💡</p><p>正文 ❤️</p>')
    expect(html).not.toMatch(/:(tada|rocket|\+1|smile|white_check_mark|bulb|heart):/)
  })

  it('are left as written in code blocks, inline code, raw HTML and autolinks', () => {
    const { html } = page('`:tada:`\n\n```\n:tada:\n```\n\n<span title=":tada:">:tada:</span>\n\n<https://example.com/:tada:>')
    expect(html).toContain('<code>:tada:</code>')
    expect(html).toContain('<pre class="hljs"><code>:tada:\n</code></pre>')
    // The tag is as written; the text between tags is text (as markdown-it-emoji saw it).
    expect(html).toContain('<span title=":tada:">🎉</span>')
    expect(html).toContain('<a href="https://example.com/:tada:" target="_blank" rel="noopener noreferrer">https://example.com/:tada:</a>')
    expect(html.match(/🎉/g)).toHaveLength(1)
  })

  it('only known names are replaced: unknown names, times and ratios stay text', () => {
    expect(page('会议 10:30:00 开始，:not-an-emoji: 和 :Tada: 不变，比例 1:100:5，满分 :100:').html).toBe(
      '<p>会议 10:30:00 开始，:not-an-emoji: 和 :Tada: 不变，比例 1:100:5，满分 💯</p>',
    )
    // A colon that closes a non-name may open the next shortcode.
    expect(emojify('a:foo:tada: :bar::smile:')).toBe('a:foo🎉 :bar:😄')
  })

  it('show in headings, the headers (table of contents, sidebar) and the search text', () => {
    const parsed = page('## :rocket: 开始 :tada:\n\n[[toc]]\n\n正文 :smile:')
    expect(parsed.page.headers).toEqual([{ level: 2, title: '🚀 开始 🎉', slug: '开始' }])
    expect(parsed.html).toContain('>🚀 开始 🎉</h2>')
    expect(parsed.html).toMatch(/<a href="#开始">🚀 开始 🎉<\/a>/)
    expect(parsed.text).toContain('🚀 开始 🎉')
    expect(parsed.text).toContain('正文 😄')
  })

  it('heading slugs leave the emoji of shortcodes out, as VuePress’s anchors did; emoji typed as such stay', () => {
    const parsed = page('## :tada: 发布\n\n## Hello :wave: World\n\n## 🎉 直接写的\n\n## :tada:')
    expect(parsed.page.headers.map((h) => h.slug)).toEqual(['发布', 'hello-world', '🎉-直接写的', 'section'])
    expect(parsed.html).toContain('<h2 id="发布">')
  })

  it('show in the page title from the frontmatter or from the leading # heading', () => {
    expect(page('---\ntitle: "发布 :tada:"\n---\n\n正文').page.title).toBe('发布 🎉')
    expect(page('# :books: 读书笔记\n\n正文').page.title).toBe('📚 读书笔记')
  })

  it('leave a page without a shortcode as it was', () => {
    const parsed = page('# 标题：副题\n\n## 一：二\n\n时间 10:30，网址 https://example.com:8080/a:b')
    expect(parsed.page.title).toBe('标题：副题')
    expect(parsed.html).toContain('一：二</h2>')
    expect(parsed.html).toContain('<p>时间 10:30，网址 <a href="https://example.com:8080/a:b" target="_blank" rel="noopener noreferrer">https://example.com:8080/a:b</a></p>')
  })
})
