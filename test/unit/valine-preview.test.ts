import { describe, expect, it } from 'vitest'
import { headingSlug, renderMarkdown } from '../../src/client/widgets/valine/preview.js'

/** The HTML is sanitised in the browser before it is shown: test/e2e/valine.test.ts checks that part. */
describe('the comment markdown (spec §9: GFM, tables, breaks, smart typography, v- ids)', () => {
  it('renders GFM tables', () => {
    const html = renderMarkdown('| 命令 | 说明 |\n| --- | :-: |\n| npm | 包管理 |')
    expect(html).toContain('<table>')
    expect(html).toMatch(/<td[^>]*>npm<\/td>/)
    expect(html).toMatch(/<th align="center">说明<\/th>/)
  })

  it('turns single line breaks into <br>', () => {
    expect(renderMarkdown('第一行\n第二行')).toBe('<p>第一行<br>第二行</p>\n')
  })

  it('uses smart typography: quotes, dashes, ellipses', () => {
    // smartypants writes numeric entities; the browser shows the characters.
    const html = renderMarkdown(`He said -- "it's 'fine'" --- ok...`).replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    expect(html).toContain('–')
    expect(html).toContain('—')
    expect(html).toContain('“it’s ‘fine’”')
    expect(html).toContain('…')
  })

  it('keeps lists and strikethrough of GFM', () => {
    const html = renderMarkdown('- 一\n- 二\n\n1. 三\n\n~~删~~')
    expect(html).toContain('<ul>')
    expect(html).toContain('<ol>')
    expect(html).toContain('<del>删</del>')
  })

  it('gives headings ids prefixed v-, unique within a comment', () => {
    const html = renderMarkdown('# 安装 ChatGPT\n\n## 安装 ChatGPT\n\n### What\'s new?')
    expect(html).toContain('<h1 id="v-安装-chatgpt">')
    expect(html).toContain('<h2 id="v-安装-chatgpt-1">')
    expect(html).toContain('<h3 id="v-whats-new">')
    expect(headingSlug('<b>x</b> "y"')).toBe('x-y')
  })

  it('shows a pasted image from its local copy in the preview, and names it in what is posted', () => {
    const images = new Map([['local:1', 'data:image/png;base64,AAAA']])
    expect(renderMarkdown('![截图](local:1)', { images })).toContain('<img src="data:image/png;base64,AAAA" alt="截图">')
    expect(renderMarkdown('![截图](local:1)', { imageLabel: '图片' })).toBe('<p>[图片: 截图]</p>\n')
  })
})
