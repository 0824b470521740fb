import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sidebarGroups } from '../../src/tools/new-post/sidebar-groups.js'
import { loadConfig } from '../../src/render/config/load-config.js'
import { parseFrontmatter } from '../../src/render/content/frontmatter.js'
import { gptnotes } from '../helpers/cli.js'
import { copyFixture } from '../helpers/sites.js'

/** `gptnotes new-post …` as a script runs it: stdin is not a terminal. */
const newPost = (root: string, ...args: string[]) => gptnotes('new-post', '--root', root, ...args)

async function groupPaths(root: string): Promise<Record<string, string[]>> {
  const { config } = await loadConfig(root)
  return Object.fromEntries(sidebarGroups(config.themeConfig.sidebar).map((g) => [g.title, g.paths]))
}

const page = (root: string, slug: string) => join(root, 'content/handbook', `${slug}.md`)

describe('gptnotes new-post with flags (the real CLI, no terminal)', () => {
  let site: ReturnType<typeof copyFixture>
  beforeEach(() => {
    site = copyFixture('new-post-site')
  })
  afterEach(() => site.cleanup())

  it('writes the page from a Chinese title with --yes, adds it to the group, prints its address; the site builds with it', async () => {
    const config = join(site.root, 'gptnotes.config.ts')
    const before = readFileSync(config, 'utf8')
    const { code, stdout, stderr } = await newPost(site.root, '--title', '如何订阅 Claude Pro', '--tags', 'Claude,订阅支付', '--categories', '教程', '--group', '入门教程', '--yes')
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const slug = 'ru-he-ding-yue-claude-pro'
    const text = readFileSync(page(site.root, slug), 'utf8')
    const { frontmatter, body } = parseFrontmatter(text, `${slug}.md`)
    expect(frontmatter).toMatchObject({ title: '如何订阅 Claude Pro', author: '测试作者', tags: ['Claude', '订阅支付'], categories: ['教程'] })
    expect(frontmatter.date).toMatch(/^\d{4}-[1-9]\d?-[1-9]\d?$/) // today, in the site's 2025-5-13 style
    expect(frontmatter.description).toMatch(/^待补充/)
    expect(body).toContain('## 准备工作') // the tutorial template
    expect(body).not.toContain('{{')

    expect((await groupPaths(site.root))['入门教程']).toEqual(['/handbook/getting-started.html', '/handbook/install.html', `/handbook/${slug}.html`])
    // Only one line was added, after the last child, with its indentation.
    const after = readFileSync(config, 'utf8')
    expect(after.split('\n').length).toBe(before.split('\n').length + 1)
    expect(after).toContain(`// a [path, title] pair\n          '/handbook/${slug}.html',\n        ],`)

    expect(stdout).toContain(`http://127.0.0.1:4173/gpt/handbook/${slug}.html`)

    const build = await gptnotes('build', '--root', site.root)
    expect(build.code).toBe(0)
    expect(build.stdout).toMatch(/built \d+ pages/)
    const html = readFileSync(join(site.root, 'dist/handbook', `${slug}.html`), 'utf8')
    expect(html).toContain('如何订阅 Claude Pro')
    expect(readFileSync(join(site.root, 'dist/handbook/install.html'), 'utf8')).toContain(`/gpt/handbook/${slug}.html`) // in the sidebar
  })

  it('uses every flag: slug, date, template; without --group the sidebar is left alone', async () => {
    const config = join(site.root, 'gptnotes.config.ts')
    const before = readFileSync(config, 'utf8')
    const { code, stdout } = await newPost(site.root, '--title', 'Gemini 资讯: 5 月', '--slug', 'gemini_news_5', '--date', '2025-05-03', '--template', 'news', '--tags', '', '--yes')
    expect(code).toBe(0)
    const { frontmatter, body } = parseFrontmatter(readFileSync(page(site.root, 'gemini_news_5'), 'utf8'), 'x.md')
    expect(frontmatter).toMatchObject({ title: 'Gemini 资讯: 5 月', date: '2025-5-3', tags: [], categories: [] })
    expect(body).toContain('## 发生了什么') // the news template
    expect(body).toContain('本文写于 2025-5-3')
    expect(readFileSync(config, 'utf8')).toBe(before)
    expect(stdout).toContain('http://127.0.0.1:4173/gpt/handbook/gemini_news_5.html')
  })

  it('adds to a one-line group on its line', async () => {
    const { code } = await newPost(site.root, '--title', '新闻', '--slug', 'news-06', '--group', '资讯', '--yes')
    expect(code).toBe(0)
    expect(readFileSync(join(site.root, 'gptnotes.config.ts'), 'utf8')).toContain(`{ title: '资讯', children: ['/handbook/news-2025.html', '/handbook/news-06.html'] },`)
    expect((await groupPaths(site.root))['资讯']).toEqual(['/handbook/news-2025.html', '/handbook/news-06.html'])
  })

  it('refuses an invalid slug, saying what is allowed (exit 1, nothing written)', async () => {
    for (const slug of ['Bad Slug', '中文', 'a.b', '']) {
      const { code, stderr } = await newPost(site.root, '--title', '标题', '--slug', slug, '--yes')
      expect(code, slug).toBe(1)
      expect(stderr).toMatch(/^error the slug .*(is empty|is not allowed): use only lower-case letters a-z, digits 0-9, "-" and "_"/)
    }
    expect(existsSync(page(site.root, 'bad-slug'))).toBe(false)
  })

  it('refuses an existing page unless --force, which overwrites it', async () => {
    const file = page(site.root, 'install')
    const original = readFileSync(file, 'utf8')
    const refused = await newPost(site.root, '--title', '安装（新版）', '--slug', 'install', '--yes')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('error content/handbook/install.md already exists')
    expect(refused.stderr).toContain('--force')
    expect(readFileSync(file, 'utf8')).toBe(original)

    // A proposed slug that collides is refused too.
    writeFileSync(page(site.root, 'an-zhuang'), original)
    expect((await newPost(site.root, '--title', '安装', '--yes')).code).toBe(1)

    const forced = await newPost(site.root, '--title', '安装（新版）', '--slug', 'install', '--group', '入门教程', '--force', '--yes')
    expect(forced.code).toBe(0)
    expect(forced.stdout).toContain('overwrote')
    expect(parseFrontmatter(readFileSync(file, 'utf8'), 'install.md').frontmatter.title).toBe('安装（新版）')
    // Already in the group: not added twice.
    expect((await groupPaths(site.root))['入门教程'].filter((p) => p === '/handbook/install.html')).toHaveLength(1)
  })

  it('without a terminal, a missing title is bad usage (exit 2) with a clear message', async () => {
    const plain = await newPost(site.root)
    expect(plain.code).toBe(2)
    expect(plain.stderr).toContain('error --title is required when there is no terminal to ask in')
    const yes = await newPost(site.root, '--yes', '--tags', 'a')
    expect(yes.code).toBe(2)
    expect(yes.stderr).toContain('--title is required with --yes')
  })

  it('bad flag values are bad usage (exit 2) naming the choices', async () => {
    const date = await newPost(site.root, '--title', 't', '--date', '2025-02-30', '--yes')
    expect(date.code).toBe(2)
    expect(date.stderr).toContain('--date "2025-02-30" is not a real day')
    const template = await newPost(site.root, '--title', 't', '--template', 'nope', '--yes')
    expect(template.code).toBe(2)
    expect(template.stderr).toMatch(/no template named "nope"[\s\S]*tutorial/)
    const group = await newPost(site.root, '--title', 't', '--group', '不存在', '--yes')
    expect(group.code).toBe(2)
    expect(group.stderr).toContain('"入门教程", "资讯"')
    expect((await newPost(site.root, '--title', 't', '--nope')).code).toBe(2)
  })

  it('when the sidebar cannot be edited safely, keeps the config and prints the line to add', async () => {
    const config = join(site.root, 'gptnotes.config.ts')
    // The same group title twice: the page could go in either.
    const twice = readFileSync(config, 'utf8').replace(`{ title: '资讯', children: ['/handbook/news-2025.html'] },`, `{ title: '资讯', children: ['/handbook/news-2025.html'] },\n      { title: '资讯', children: [] },`)
    writeFileSync(config, twice)
    const { code, stdout, stderr } = await newPost(site.root, '--title', '新闻', '--slug', 'news-x', '--group', '资讯', '--yes')
    expect(code).toBe(0)
    expect(existsSync(page(site.root, 'news-x'))).toBe(true)
    expect(stderr).toContain('could not add the page to the sidebar: 2 sidebar groups are titled "资讯"')
    expect(stderr).toContain("  '/handbook/news-x.html',")
    expect(readFileSync(config, 'utf8')).toBe(twice)
    expect(stdout).toContain('http://127.0.0.1:4173/gpt/handbook/news-x.html')
  })

  it('documents every flag in --help', async () => {
    const { code, stdout } = await gptnotes('new-post', '--help')
    expect(code).toBe(0)
    for (const flag of ['--title', '--slug', '--tags', '--categories', '--date', '--template', '--group', '--yes', '--force', '--root']) expect(stdout).toContain(flag)
  })
})
