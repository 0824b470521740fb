import { describe, expect, it } from 'vitest'
import { GptnotesError } from '../../src/render/errors/index.js'
import { parseFrontmatter } from '../../src/render/content/frontmatter.js'

const fm = (yaml: string, body = '正文\n') => `---\n${yaml}\n---\n${body}`

function errorOf(fn: () => unknown): GptnotesError {
  try {
    fn()
  } catch (err) {
    expect(err).toBeInstanceOf(GptnotesError)
    return err as GptnotesError
  }
  throw new Error('expected an error')
}

describe('render/content/frontmatter', () => {
  it('reads every field of the spec Page frontmatter', () => {
    const { frontmatter, bodyLineOffset } = parseFrontmatter(
      fm(
        [
          'title: 注册 ChatGPT',
          'metaTitle: 注册 ChatGPT 的完整教程',
          'author: 小林',
          'date: 2025-5-13',
          'description: 一句话',
          'meta:\n  - name: keywords\n    content: ChatGPT',
          'lang: zh-CN',
          'canonicalUrl: https://example.com/gpt/a.html',
          'layout: default',
          'home: false',
          'publish: true',
          'sticky: 2',
          'tags:\n  - ChatGPT',
          'categories: 注册教程',
        ].join('\n'),
      ),
      'content/a.md',
    )
    expect(frontmatter).toEqual({
      title: '注册 ChatGPT',
      metaTitle: '注册 ChatGPT 的完整教程',
      author: '小林',
      date: '2025-5-13',
      description: '一句话',
      meta: [{ name: 'keywords', content: 'ChatGPT' }],
      lang: 'zh-CN',
      canonicalUrl: 'https://example.com/gpt/a.html',
      layout: 'default',
      home: false,
      publish: true,
      sticky: 2,
      tags: ['ChatGPT'],
      categories: ['注册教程'],
    })
    expect(bodyLineOffset).toBe(19)
  })

  it('normalises YAML dates (2025-05-13, with a time) to the 2025-5-13 style', () => {
    expect(parseFrontmatter(fm('date: 2025-05-03'), 'a.md').frontmatter.date).toBe('2025-5-3')
    expect(parseFrontmatter(fm('date: 2023-05-24 08:22:32'), 'a.md').frontmatter.date).toBe('2023-5-24 08:22:32')
  })

  it('reports a bad date at file:line:column with a code frame and a hint', () => {
    const err = errorOf(() => parseFrontmatter(fm('title: 测试\ndate: 2025-13-40'), 'content/handbook/a.md'))
    expect(err.name).toBe('FrontmatterInvalid')
    expect(err.message).toContain('date')
    expect(err.loc).toEqual({ file: 'content/handbook/a.md', line: 3, column: 7 })
    expect(err.frame).toContain('> 3 | date: 2025-13-40')
    expect(err.hint).toMatch(/2025-5-13/)
  })

  it('reports an ill-typed field', () => {
    const err = errorOf(() => parseFrontmatter(fm('title: 测试\nsticky: 置顶'), 'a.md'))
    expect(err.message).toContain('"sticky" must be a number')
    expect(err.loc?.line).toBe(3)
  })

  it('reports broken YAML with its position', () => {
    const err = errorOf(() => parseFrontmatter(fm('title: [未闭合'), 'a.md'))
    expect(err.name).toBe('FrontmatterSyntax')
    expect(err.loc?.file).toBe('a.md')
    expect(err.loc!.line).toBeGreaterThanOrEqual(2)
  })
})
