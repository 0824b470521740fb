import { describe, expect, it } from 'vitest'
import { GptnotesError } from '../../src/render/errors/index.js'
import { parseFrontmatter } from '../../src/render/content/frontmatter.js'
import { thrownBy } from '../helpers/thrown.js'

const fm = (yaml: string, body = '正文\n') => `---\n${yaml}\n---\n${body}`

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

  it('reads dates as reco sites write them, on the clock of the site\'s time zone', () => {
    const date = (yaml: string, timeZone?: string) => parseFrontmatter(fm(yaml), 'a.md', { timeZone }).frontmatter.date
    expect(date('date: 2021/01/24')).toBe('2021-1-24')
    expect(date("date: '2021/1/24'")).toBe('2021-1-24')
    expect(date('date: 2021-1-24')).toBe('2021-1-24')
    expect(date('date: 2022-03-12 03:00:00')).toBe('2022-3-12 03:00:00')
    expect(date('date: 2021/01/24 9:30 # 发布时间')).toBe('2021-1-24 09:30')
    // An offset names a moment: shown as the site's clock reads it (Asia/Shanghai by default).
    expect(date('date: 2022-03-12T03:00:00+08:00')).toBe('2022-3-12 03:00:00')
    expect(date('date: 2022-03-11T19:00:00Z')).toBe('2022-3-12 03:00:00')
    expect(date('date: 2022-03-11T19:00:00.000Z')).toBe('2022-3-12 03:00:00')
    expect(date("date: '2022-03-12T03:00:00+08:00'", 'UTC')).toBe('2022-3-11 19:00:00')
    expect(date('date: 2022-03-12T03:00:00+08:00', 'Europe/Berlin')).toBe('2022-3-11 20:00:00')
    // Without an offset the written clock is the site's, whatever its zone.
    expect(date('date: 2022-03-12 03:00:00', 'UTC')).toBe('2022-3-12 03:00:00')
    expect(date('date: 2022-03-12', 'America/New_York')).toBe('2022-3-12')
  })

  it('refuses a time that is no time of the clock, at its line', () => {
    const err = thrownBy(() => parseFrontmatter(fm('title: 测试\ndate: 2022-03-12 25:00'), 'content/a.md'), GptnotesError)
    expect(err.name).toBe('FrontmatterInvalid')
    expect(err.loc).toEqual({ file: 'content/a.md', line: 3, column: 7 })
    const slash = thrownBy(() => parseFrontmatter(fm('date: 2021/02/30'), 'content/a.md'), GptnotesError)
    expect(slash.message).toContain('is not a real day')
    expect(slash.loc?.line).toBe(2)
  })

  it('reports a bad date at file:line:column with a code frame and a hint', () => {
    const err = thrownBy(() => parseFrontmatter(fm('title: 测试\ndate: 2025-13-40'), 'content/handbook/a.md'), GptnotesError)
    expect(err.name).toBe('FrontmatterInvalid')
    expect(err.message).toContain('date')
    expect(err.loc).toEqual({ file: 'content/handbook/a.md', line: 3, column: 7 })
    expect(err.frame).toContain('> 3 | date: 2025-13-40')
    expect(err.hint).toMatch(/2025-5-13/)
  })

  it('reports an ill-typed field', () => {
    const err = thrownBy(() => parseFrontmatter(fm('title: 测试\nsticky: 置顶'), 'a.md'), GptnotesError)
    expect(err.message).toContain('"sticky" must be a number')
    expect(err.loc?.line).toBe(3)
  })

  it('reports broken YAML with its position', () => {
    const err = thrownBy(() => parseFrontmatter(fm('title: [未闭合'), 'a.md'), GptnotesError)
    expect(err.name).toBe('FrontmatterSyntax')
    expect(err.loc?.file).toBe('a.md')
    expect(err.loc!.line).toBeGreaterThanOrEqual(2)
  })
})
