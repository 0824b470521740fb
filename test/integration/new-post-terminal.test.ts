import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sidebarGroups } from '../../src/tools/new-post/sidebar-groups.js'
import { loadConfig } from '../../src/render/config/load-config.js'
import { parseFrontmatter } from '../../src/render/content/frontmatter.js'
import { copyFixture } from '../helpers/sites.js'
import { spawnInTerminal, stripAnsi } from '../helpers/terminal.js'
import { lacks } from '../helpers/tools.js'

/**
 * `gptnotes new-post` in a real pseudo-terminal, driven the way a person uses it: wait for a
 * prompt on screen, press keys.
 */

const KEYS = { enter: '\r', down: '\x1b[B', up: '\x1b[A', space: ' ', clearLine: '\x15', ctrlC: '\x03' }


class Terminal {
  private out = ''
  readonly exited: Promise<number>
  private child: ChildProcessWithoutNullStreams

  constructor(root: string, args: string[] = []) {
    this.child = spawnInTerminal(['new-post', '--root', root, ...args])
    this.child.stdout.on('data', (d: Buffer) => (this.out += d.toString()))
    this.child.stderr.on('data', (d: Buffer) => (this.out += d.toString()))
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code ?? -1)))
  }

  /** Everything shown so far, without colours. */
  get text(): string {
    return stripAnsi(this.out)
  }

  /** The last frame of the prompts (each frame starts with the wizard's heading). */
  get screen(): string {
    const text = this.text
    return text.slice(text.lastIndexOf('新建文章'))
  }

  async waitFor(test: string | RegExp, timeout = 15_000): Promise<void> {
    const start = Date.now()
    const seen = () => (typeof test === 'string' ? this.screen.includes(test) : test.test(this.screen))
    while (!seen()) {
      if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${String(test)}; screen:\n${this.screen}`)
      await new Promise((r) => setTimeout(r, 30))
    }
  }

  press(keys: string): void {
    this.child.stdin.write(keys)
  }

  /** Type text, wait until it is echoed, then press Enter. */
  async typeLine(text: string): Promise<void> {
    this.press(text)
    await this.waitFor(`› ${text}`)
    this.press(KEYS.enter)
  }

  /** Empty the text field (Ctrl+U) and wait until it shows empty. */
  async clearLine(): Promise<void> {
    this.press(KEYS.clearLine)
    await this.waitFor(/› \s*$/)
  }

  /** Move the list cursor down to the item labelled `label`. */
  async moveTo(label: string): Promise<void> {
    const here = new RegExp(`❯ (?:[◯◉] )?${label}`)
    for (let i = 0; i < 20 && !here.test(this.screen); i++) {
      const before = this.screen
      this.press(KEYS.down)
      const start = Date.now()
      while (this.screen === before && Date.now() - start < 5000) await new Promise((r) => setTimeout(r, 20))
    }
    await this.waitFor(here)
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL')
  }
}

async function groupPaths(root: string, group: string): Promise<string[]> {
  const { config } = await loadConfig(root)
  return sidebarGroups(config.themeConfig.sidebar).find((g) => g.title === group)?.paths ?? []
}

describe.skipIf(lacks('script'))('gptnotes new-post in a terminal (ink prompts)', () => {
  let site: ReturnType<typeof copyFixture>
  let term: Terminal | undefined
  beforeEach(() => {
    site = copyFixture('new-post-site')
  })
  afterEach(() => {
    term?.kill()
    site.cleanup()
  })

  it('asks for everything: Chinese title, proposed pinyin slug, site tags and a new one, date, template, sidebar group', async () => {
    term = new Terminal(site.root)
    await term.waitFor('? 标题')
    await term.typeLine('如何订阅 Claude 会员')

    await term.waitFor('? 网址名（slug）')
    await term.waitFor('› ru-he-ding-yue-claude-hui-yuan')
    term.press(KEYS.enter) // accept the proposal

    await term.waitFor('? 标签（站内已有）')
    expect(term.screen).toMatch(/ChatGPT[\s\S]*工具[\s\S]*入门[\s\S]*Gemini/) // the site's tags, most used first
    await term.moveTo('ChatGPT')
    term.press(KEYS.space)
    await term.waitFor('◉ ChatGPT')
    await term.moveTo('工具')
    term.press(KEYS.space)
    await term.waitFor('◉ 工具')
    term.press(KEYS.enter)

    await term.waitFor('? 新标签')
    await term.typeLine('Claude')

    await term.waitFor('? 分类（站内已有）')
    await term.moveTo('教程')
    term.press(KEYS.space)
    await term.waitFor('◉ 教程')
    term.press(KEYS.enter)
    await term.waitFor('? 新分类')
    term.press(KEYS.enter)

    await term.waitFor('? 日期')
    await term.waitFor(/› \d{4}-\d{1,2}-\d{1,2}/) // today, proposed
    term.press(KEYS.enter)

    await term.waitFor('? 模板')
    expect(term.screen).toContain('❯ 教程（分步骤的操作指南）')
    await term.moveTo('资讯（新闻与更新整理）')
    term.press(KEYS.enter)

    await term.waitFor('? 加入侧边栏分组')
    expect(term.screen).toMatch(/❯ 不加入侧边栏\s+入门教程\s+资讯/)
    await term.moveTo('资讯')
    term.press(KEYS.enter)

    expect(await term.exited).toBe(0)
    const slug = 'ru-he-ding-yue-claude-hui-yuan'
    expect(term.text).toContain('✔ 标签：ChatGPT、工具、Claude')
    expect(term.text).toContain('✔ 侧边栏分组：资讯')
    expect(term.text).toContain(`http://127.0.0.1:4173/gpt/handbook/${slug}.html`)
    const { frontmatter, body } = parseFrontmatter(readFileSync(join(site.root, 'content/handbook', `${slug}.md`), 'utf8'), 'x.md')
    expect(frontmatter).toMatchObject({ title: '如何订阅 Claude 会员', author: '测试作者', tags: ['ChatGPT', '工具', 'Claude'], categories: ['教程'] })
    expect(frontmatter.date).toMatch(/^\d{4}-[1-9]\d?-[1-9]\d?$/)
    expect(body).toContain('## 发生了什么')
    expect(await groupPaths(site.root, '资讯')).toEqual(['/handbook/news-2025.html', `/handbook/${slug}.html`])
  })

  it('explains a refused slug in the prompt and asks again; flags skip their prompts', async () => {
    term = new Terminal(site.root, ['--tags', 'ChatGPT', '--categories', '', '--date', '2025-05-13', '--template', 'tutorial', '--group', '入门教程'])
    await term.waitFor('? 标题')
    await term.typeLine('测试页面')
    await term.waitFor('› ce-shi-ye-mian')
    await term.clearLine()
    await term.typeLine('Bad Slug')
    await term.waitFor('✖ 网址名只能用小写字母 a-z、数字 0-9、“-” 和 “_”，不能为空')
    await term.clearLine()
    await term.typeLine('install')
    await term.waitFor('✖ content/handbook/install.md 已经存在')
    await term.clearLine()
    await term.typeLine('my_page')

    expect(await term.exited).toBe(0)
    expect(term.text).not.toContain('? 标签')
    expect(term.text).not.toContain('? 模板')
    const { frontmatter } = parseFrontmatter(readFileSync(join(site.root, 'content/handbook/my_page.md'), 'utf8'), 'x.md')
    expect(frontmatter).toMatchObject({ title: '测试页面', date: '2025-5-13', tags: ['ChatGPT'], categories: [] })
    expect(await groupPaths(site.root, '入门教程')).toContain('/handbook/my_page.html')
  })

  it('Ctrl+C leaves without writing anything', async () => {
    term = new Terminal(site.root)
    await term.waitFor('? 标题')
    await term.typeLine('不要了')
    await term.waitFor('? 网址名（slug）')
    term.press(KEYS.ctrlC)
    expect(await term.exited).toBe(1)
    expect(term.text).toContain('cancelled: nothing was written')
    expect(existsSync(join(site.root, 'content/handbook/bu-yao-le.md'))).toBe(false)
  })
})
