import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseList } from '../../src/tools/new-post/answers.js'
import { addPathToSidebarGroup } from '../../src/tools/new-post/sidebar-editor.js'
import { sidebarGroups } from '../../src/tools/new-post/sidebar-groups.js'
import { toSiteDate } from '../../src/tools/new-post/site-date.js'
import { slugProblem, titleToSlug } from '../../src/tools/new-post/slug.js'
import { fillPlaceholders, loadTemplates } from '../../src/tools/new-post/templates.js'
import { writeFrontmatter } from '../../src/tools/new-post/write-frontmatter.js'
import { loadConfig } from '../../src/render/config/load-config.js'
import { parseFrontmatter } from '../../src/render/content/frontmatter.js'
import { REPO_ROOT } from '../helpers/sites.js'

describe('new-post: title → slug', () => {
  it('turns Chinese titles into readable pinyin, keeping Latin words and digits', () => {
    expect(titleToSlug('如何注册 ChatGPT 账号')).toBe('ru-he-zhu-ce-chatgpt-zhang-hao')
    expect(titleToSlug('Gemini 资讯：5.7 更新')).toBe('gemini-zi-xun-5-7-geng-xin')
    expect(titleToSlug('重庆的绿色女孩')).toBe('chong-qing-de-lv-se-nv-hai') // polyphones by context, ü as v
    expect(titleToSlug('ＧＰＴ－４o（全角）')).toBe('gpt-4o-quan-jiao')
    expect(titleToSlug('Café au lait')).toBe('cafe-au-lait')
  })

  it('proposes only slugs the rule accepts, or nothing when the title has no letters', () => {
    for (const title of ['如何注册 ChatGPT 账号', '《标点》！？——…', 'a/b\\c "d" #e', '😀 表情']) {
      const slug = titleToSlug(title)
      expect(slugProblem(slug), `${title} → ${slug}`).toBeUndefined()
    }
    expect(titleToSlug('😀🎉')).toBe('')
    expect(titleToSlug('很长的标题'.repeat(20)).length).toBeLessThanOrEqual(60)
  })

  it('accepts a-z, 0-9, - and _ only, and says what is allowed', () => {
    expect(slugProblem('how_to-use-2')).toBeUndefined()
    for (const bad of ['', 'Upper', 'with space', '中文', 'a.b', '../x', 'a/b']) {
      expect(slugProblem(bad)).toMatch(/a-z.*0-9.*"-".*"_"/)
    }
  })
})

describe('new-post: lists and dates', () => {
  it('splits tags on ASCII and Chinese commas, dropping blanks and repeats', () => {
    expect(parseList('ChatGPT, 教程，虚拟卡、,ChatGPT')).toEqual(['ChatGPT', '教程', '虚拟卡'])
    expect(parseList('')).toEqual([])
  })

  it('writes dates in the site style and refuses days that do not exist', () => {
    expect(toSiteDate('2025-05-13')).toBe('2025-5-13')
    expect(toSiteDate('2025-5-3')).toBe('2025-5-3')
    expect(toSiteDate('2025-02-30')).toBeUndefined()
    expect(toSiteDate('13/5/2025')).toBeUndefined()
  })
})

describe('new-post: frontmatter writer', () => {
  const tricky = ['如何注册 ChatGPT 账号', 'News: "quoted" #1', '- starts with a dash', 'true', '2025', '123abc', "it's", '[bracket]', 'a: b', '  spaced  ', '@handle', '野卡（WildCard）：开卡']

  it('reads back exactly through the site parser, whatever the title and tags hold', () => {
    for (const title of tricky) {
      const text = writeFrontmatter({ title, date: '2025-5-13', author: '小林', description: `关于 ${title}`, tags: [title, 'ChatGPT'], categories: ['教程'] })
      const { frontmatter } = parseFrontmatter(`${text}\n正文\n`, 'new.md')
      expect(frontmatter).toEqual({ title, date: '2025-5-13', author: '小林', description: `关于 ${title}`, tags: [title, 'ChatGPT'], categories: ['教程'] })
    }
  })

  it('keeps plain titles plain, as the site writes them', () => {
    const text = writeFrontmatter({ title: '野卡（WildCard）虚拟卡：开卡与使用', date: '2025-1-15', description: '说明', tags: [], categories: [] })
    expect(text).toContain('title: 野卡（WildCard）虚拟卡：开卡与使用\n')
    expect(text).toContain('date: 2025-1-15\n')
    expect(text).not.toContain('author:')
    expect(parseFrontmatter(text, 'x.md').frontmatter).toMatchObject({ tags: [], categories: [] })
  })
})

describe('new-post: templates', () => {
  it('ships a tutorial and a news template in Chinese, tutorial first', () => {
    const templates = loadTemplates(join(REPO_ROOT, 'test/fixtures/new-post-site'))
    expect(templates.map((t) => t.name).slice(0, 1)).toEqual(['tutorial'])
    expect(templates.map((t) => t.name)).toContain('news')
    for (const t of templates) {
      expect(t.label).toMatch(/[\u4e00-\u9fff]/)
      expect(t.body).toMatch(/\{\{date\}\}/)
      expect(t.body).not.toMatch(/^---/)
    }
  })

  it('fills known placeholders and leaves unknown ones for the author', () => {
    expect(fillPlaceholders('{{title}}（{{ date }}）{{other}}', { title: '标题', date: '2025-5-13' })).toBe('标题（2025-5-13）{{other}}')
  })
})

describe('new-post: sidebar editor (checked by loading the edited config)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gptnotes-sidebar-edit-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  async function groupsAfter(source: string): Promise<Record<string, string[]>> {
    writeFileSync(join(dir, 'gptnotes.config.ts'), source)
    const { config } = await loadConfig(dir)
    return Object.fromEntries(sidebarGroups(config.themeConfig.sidebar).map((g) => [g.title, g.paths]))
  }
  const config = (sidebar: string) => `import { defineConfig } from 'gptnotes'\nexport default defineConfig({\n  themeConfig: {\n    sidebar: ${sidebar},\n  },\n})\n`

  it('appends to a one-line children list on the same line', async () => {
    const source = config(`[{ title: 'A', children: ['/handbook/a.html'] }, { title: 'B', children: [] }]`)
    const edited = addPathToSidebarGroup(source, 'A', '/handbook/new.html')
    expect(edited).toEqual({ text: source.replace("['/handbook/a.html']", "['/handbook/a.html', '/handbook/new.html']") })
    expect(await groupsAfter((edited as { text: string }).text)).toEqual({ A: ['/handbook/a.html', '/handbook/new.html'], B: [] })
    const empty = addPathToSidebarGroup(source, 'B', '/handbook/new.html') as { text: string }
    expect((await groupsAfter(empty.text)).B).toEqual(['/handbook/new.html'])
  })

  it('adds a line with the same indent after the last element (and its comment), keeping comma style', async () => {
    const source = config(`[
      {
        title: "多行", // the group
        children: [
          "/handbook/a.html",
          ["/handbook/b.html", "B, with [brackets] and ] in text"] // pair
        ]
      },
      { title: '其他', children: ['/handbook/c.html'] },
    ]`)
    const edited = addPathToSidebarGroup(source, '多行', '/handbook/new.html') as { text: string }
    expect(edited.text).toContain(`["/handbook/b.html", "B, with [brackets] and ] in text"], // pair\n          "/handbook/new.html"\n        ]`)
    expect((await groupsAfter(edited.text))['多行']).toEqual(['/handbook/a.html', '/handbook/b.html', '/handbook/new.html'])

    const trailing = config(`[{\n  title: 'T',\n  children: [\n    '/handbook/a.html',\n  ],\n}]`)
    const t = addPathToSidebarGroup(trailing, 'T', '/handbook/new.html') as { text: string }
    expect(t.text).toContain(`    '/handbook/a.html',\n    '/handbook/new.html',\n  ],`)
  })

  it('finds groups of a multi-sidebar object and ignores other objects titled the same', async () => {
    const source = `export default {\n  locales: { '/': { title: 'G' } },\n  themeConfig: { sidebar: { '/handbook/': [{ title: 'G', children: ['/handbook/a.html'] }] } },\n}\n`
    const edited = addPathToSidebarGroup(source, 'G', '/handbook/new.html') as { text: string }
    expect((await groupsAfter(edited.text)).G).toEqual(['/handbook/a.html', '/handbook/new.html'])
  })

  it('refuses, with the reason, when the group is not written out plainly', () => {
    expect(addPathToSidebarGroup(config('groups'), 'A', '/x.html')).toEqual({ problem: expect.stringContaining('no sidebar group titled "A"') })
    expect(addPathToSidebarGroup(config(`[{ title: 'A', path: '/a.html' }]`), 'A', '/x.html')).toEqual({ problem: expect.stringContaining('no children') })
    expect(addPathToSidebarGroup(config(`[{ title: 'A', children: [] }, { title: 'A', children: [] }]`), 'A', '/x.html')).toEqual({
      problem: expect.stringContaining('2 sidebar groups'),
    })
    expect(addPathToSidebarGroup(`export default { themeConfig: { sidebar: [ { title: 'A', children: [ } ] } }`, 'A', '/x.html')).toEqual({
      problem: expect.stringContaining('could not be read'),
    })
  })
})
