import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/render/markdown/parse-markdown.js'
import { mdastToHtml } from '../../src/render/markdown/to-html.js'

/** The page's largest early paint is often its first image: it must not wait for layout to start loading. */
const imgs = (md: string) => [...mdastToHtml(parseMarkdown(md)).matchAll(/<img [^>]*>/g)].map((m) => m[0])

describe('images and the first screen', () => {
  it('the first image near the top loads at once with high priority; later images load lazily', () => {
    const [first, second] = imgs('# 标题\n\n开头一段。\n\n![第一张](a.png)\n\n![第二张](b.png)\n')
    expect(first).toContain('fetchpriority="high"')
    expect(first).not.toContain('loading=')
    expect(second).toContain('loading="lazy"')
    expect(second).not.toContain('fetchpriority')
  })

  it('an image below the first few blocks is lazy like the rest', () => {
    const md = ['一', '二', '三', '四', '五'].map((t) => `第${t}段。`).join('\n\n') + '\n\n![很靠后](late.png)\n'
    expect(imgs(md)).toEqual([expect.stringContaining('loading="lazy"')])
  })

  it('an image inside a list or quote near the top counts as early', () => {
    expect(imgs('> ![引用里的图](q.png)\n')[0]).toContain('fetchpriority="high"')
  })
})
