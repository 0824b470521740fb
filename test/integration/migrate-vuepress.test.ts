import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gptnotes, snapshot } from '../helpers/cli.js'
import { copyFixture } from '../helpers/sites.js'
import type { MigrationReport } from '../../src/migrate/report.js'

/**
 * `gptnotes migrate vuepress` (the real CLI) on two VuePress sites made for it: a default-theme
 * docs site (zh root, en locale, object sidebar with groups and relative entries, nav dropdowns,
 * edit links, plugins as strings and pairs, a required plugin that is not installed) and a reco
 * blog (config.ts, type blog, blogConfig, friend links, ICP record, Valine).
 */

/** The JSON report; `result` is the written config, read here by its keys. */
type Report = Omit<MigrationReport, 'result'> & { result: Record<string, any> }

const temp = mkdtempSync(join(tmpdir(), 'gptnotes-migrate-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

const migrate = async (...args: string[]) => {
  const run = await gptnotes('migrate', 'vuepress', ...args, '--json')
  return { ...run, report: JSON.parse(run.stdout) as Report }
}

const find = (report: Report, from: string) => report.findings.filter((f) => f.from === from)
const kindOf = (report: Report, from: string) => find(report, from).map((f) => f.kind)

/**
 * The result as this gptnotes builds it: the written site, with the settings it does not read yet
 * (`unread`, a newer gptnotes's) left out of a copy of its config; the written config itself when
 * there are none.
 */
function buildable(out: string, report: Report): string {
  if (!report.unread.length) return out
  const copy = mkdtempSync(join(temp, 'buildable-'))
  cpSync(out, copy, { recursive: true })
  const config = structuredClone(report.result)
  for (const key of report.unread) {
    const [first, second] = key.split('.')
    if (second === undefined) delete config[first]
    else delete config[first][second]
  }
  writeFileSync(join(copy, 'gptnotes.config.ts'), `import { defineConfig } from 'gptnotes'\nexport default defineConfig(${JSON.stringify(config, null, 2)})\n`)
  return copy
}

describe('gptnotes migrate vuepress: a default-theme docs site', () => {
  let src: ReturnType<typeof copyFixture>
  let out: string
  let before: Record<string, string>
  let first: Awaited<ReturnType<typeof migrate>>
  let configText: string

  beforeAll(async () => {
    src = copyFixture('vuepress-docs')
    out = join(temp, 'docs-out')
    before = snapshot(src.root)
    first = await migrate(src.root, '--out', out)
    configText = readFileSync(join(out, 'gptnotes.config.ts'), 'utf8')
  })
  afterAll(() => src.cleanup())

  it('exits 0 with a report of one JSON object, and builds the result', () => {
    expect(first.code, first.stderr).toBe(0)
    expect(first.report.ok).toBe(true)
    expect(first.report.config).toBe('.vuepress/config.js')
    expect(first.report.build.problems).toEqual([])
    expect(first.report.build.pages).toBe(9)
  })

  it('copies the pages unchanged into content/, .vuepress/public/ into content/public/, and nothing of .vuepress/', () => {
    for (const page of ['README.md', 'guide/README.md', 'guide/getting-started.md', 'guide/advanced/README.md', 'en/guide/getting-started.md', 'images/diagram.svg'])
      expect(readFileSync(join(out, 'content', page)).equals(readFileSync(join(src.root, page))), page).toBe(true)
    expect(readFileSync(join(out, 'content/public/favicon.svg'), 'utf8')).toContain('<svg')
    expect(existsSync(join(out, 'content/.vuepress'))).toBe(false)
    expect(existsSync(join(out, 'content/public/.vuepress'))).toBe(false)
  })

  it('leaves the source folder as it was', () => {
    expect(snapshot(src.root)).toEqual(before)
  })

  it('writes a typed config: site fields, locales, nav with flattened dropdowns and the repo link', () => {
    expect(configText).toMatch(/^import \{ defineConfig \} from 'gptnotes'\n/)
    expect(configText).toContain('export default defineConfig({')
    const c = first.report.result
    expect(c.title).toBe('VuePress 文档示例')
    expect(c.base).toBe('/docs/')
    expect(c.hostname).toBe('https://docs.example.com')
    expect(c.locales).toEqual({
      '/': { lang: 'zh-CN', title: 'VuePress 文档示例', description: '一个用来测试迁移的文档站' },
      '/en/': { lang: 'en-US', title: 'VuePress Docs Example', description: 'A docs site to test the migration' },
    })
    expect(c.head).toEqual([
      // VuePress put the base before head addresses; gptnotes takes them as written.
      ['link', { rel: 'icon', href: '/docs/favicon.svg' }],
      ['meta', { name: 'theme-color', content: '#3eaf7c' }],
    ])
    expect(c.themeConfig.nav).toEqual([
      { text: '首页', link: '/' },
      { text: '指南', link: '/guide/' },
      {
        text: '更多',
        items: [
          { text: 'API', link: '/api/' },
          { text: '配置参考', link: '/guide/config.html' },
          { text: 'VuePress', link: 'https://vuepress.vuejs.org/' },
        ],
      },
      { text: 'GitHub', link: 'https://github.com/example/docs-site' },
    ])
    expect(find(first.report, 'themeConfig.nav[2].items[2]')[0].reason).toContain('flattened')
    // A link to no page is left out: VuePress linked to its not-found page, gptnotes's build refuses it.
    expect(find(first.report, 'themeConfig.nav[2].items[1].link')).toEqual([
      expect.objectContaining({ kind: 'dropped', reason: '"/old/page" names no page or file of the site; VuePress linked to its not-found page' }),
    ])
  })

  it("resolves every sidebar entry as VuePress's resolveSidebarItems did: relative entries under their key, README.md → the folder, .md → .html", () => {
    expect(first.report.result.themeConfig.sidebar).toEqual({
      '/guide/': [
        '/guide/',
        '/guide/getting-started.html',
        { title: '进阶', sidebarDepth: 1, collapsable: false, children: ['/guide/advanced/', ['/guide/config.html', '配置参考']] },
      ],
      '/api/': ['/api/'],
      '/': ['/'],
    })
    // The entry that names no page is left out and reported where it was.
    const missing = find(first.report, 'themeConfig.sidebar["/guide/"][2].children[2]')
    expect(missing.map((f) => f.kind)).toEqual(['dropped'])
    expect(missing[0].reason).toContain('"missing-page" (under "/guide/") names no page')
    expect(configText).toMatch(/\/\/ entries are the pages' routes, resolved as VuePress resolved them[^\n]*\n\s+sidebar: \{/)
  })

  it('maps the repo settings to one edit-link pattern, and the per-locale theme settings to themeConfig.locales', () => {
    const theme = first.report.result.themeConfig
    expect(theme.editLink).toEqual({ pattern: 'https://github.com/example/docs-site/edit/main/docs/:path', text: '在 GitHub 上编辑此页' })
    expect(theme.lastUpdated).toBe('上次更新')
    expect(theme.locales['/en/']).toEqual({
      label: 'English',
      editLinkText: 'Edit this page on GitHub',
      lastUpdated: 'Last Updated',
      nav: [
        { text: 'Guide', link: '/en/guide/' },
        { text: 'More', items: [{ text: 'API (Chinese)', link: '/api/' }] },
      ],
      sidebar: { '/en/guide/': ['/en/guide/', '/en/guide/getting-started.html'] },
    })
    expect(first.report.result.markdown).toEqual({ lineNumbers: true })
    expect(kindOf(first.report, 'themeConfig.locales["/en/"].selectText')).toEqual(['dropped'])
  })

  it('reports each plugin: built in, mapped, or dropped with the reason; the uninstalled required one got a stand-in', () => {
    const r = first.report
    expect(kindOf(r, 'plugins[0] (@vuepress/back-to-top)')).toEqual(['builtin'])
    expect(kindOf(r, 'plugins[1] (@vuepress/medium-zoom)')).toEqual(['builtin'])
    expect(kindOf(r, 'plugins[2] (vuepress-plugin-code-copy)')).toEqual(['builtin'])
    expect(find(r, 'plugins[3] (sitemap)')[0]).toMatchObject({ kind: 'mapped', to: 'hostname' })
    expect(kindOf(r, 'plugins[4] (some-uninstalled-plugin)')).toEqual(['dropped'])
    expect(find(r, 'plugins[5] (@vuepress/google-analytics)')[0].reason).toContain('foreign host')
    expect(r.standIns).toEqual([{ name: 'some-uninstalled-plugin', file: '.vuepress/config.js', line: 4 }])
  })

  it('drops what gptnotes has no counterpart for, saying why and what to do', () => {
    const r = first.report
    const script = r.findings.find((f) => f.from.startsWith('head[2]'))!
    expect(script.kind).toBe('dropped')
    expect(script.reason).toContain('Content-Security-Policy')
    expect(script.todo).toContain('content/public/')
    for (const from of ['themeConfig.algolia', 'markdown.extendMarkdown', 'dest', 'port', 'chainWebpack', '.vuepress/styles']) expect(kindOf(r, from), from).toEqual(['dropped'])
    expect(r.unread.sort()).toEqual(r.unread.filter((k) => ['markdown', 'themeConfig.editLink', 'themeConfig.locales'].includes(k)).sort())
  })

  it('prints the same report for a person, grouped, when --json is not given', async () => {
    const text = await gptnotes('migrate', 'vuepress', src.root, '--out', out)
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toContain('Mapped (written to gptnotes.config.ts):')
    expect(text.stdout).toContain('Built in now (nothing to set):')
    expect(text.stdout).toContain('Dropped (not carried over):')
    expect(text.stdout).toContain('  .vuepress/config.js:4  some-uninstalled-plugin')
    expect(text.stdout).toMatch(/The result builds \(9 pages\)/)
  })

  it('is idempotent: a second run writes nothing and leaves the same files', async () => {
    const files = snapshot(out)
    const again = await migrate(src.root, '--out', out)
    expect(again.code, again.stderr).toBe(0)
    expect(again.report.written).toBe(0)
    expect(again.report.removed).toBe(0)
    expect(snapshot(out)).toEqual(files)
  })

  it('removes what an earlier run wrote and the source no longer has', async () => {
    rmSync(join(src.root, 'api/README.md'))
    const again = await migrate(src.root, '--out', out)
    expect(again.report.removed).toBe(1)
    expect(existsSync(join(out, 'content/api/README.md'))).toBe(false)
    // The API page is gone, so its sidebar entry and nav link now name no page.
    expect(kindOf(again.report, 'themeConfig.sidebar["/api/"][0]')).toEqual(['dropped'])
    cpSync(join(__dirname, '../fixtures/vuepress-docs/api'), join(src.root, 'api'), { recursive: true })
    await migrate(src.root, '--out', out)
  })

  it('passes gptnotes build and check-links (with what this gptnotes reads)', async () => {
    const root = buildable(out, first.report)
    const build = await gptnotes('build', '--root', root)
    expect(build.code, build.stderr + build.stdout).toBe(0)
    expect(existsSync(join(root, 'dist/guide/getting-started.html'))).toBe(true)
    expect(existsSync(join(root, 'dist/favicon.svg'))).toBe(true)
    const links = await gptnotes('check-links', '--root', root)
    expect(links.code, links.stdout + links.stderr).toBe(0)
  })

  it('--dry-run writes nothing and reports the same', async () => {
    const dry = join(temp, 'dry-out')
    const run = await migrate(src.root, '--out', dry, '--dry-run')
    expect(run.code, run.stderr).toBe(0)
    expect(run.report.dryRun).toBe(true)
    expect(run.report.written).toBe(0)
    expect(run.report.ok).toBe(true)
    expect(run.report.build.pages).toBe(9)
    expect(run.report.findings).toEqual(first.report.findings)
    expect(existsSync(dry)).toBe(false)
  })

  it('refuses a folder of files it did not write (exit 1), writes into it with --force, and refuses bad usage (exit 2)', async () => {
    const foreign = mkdtempSync(join(temp, 'foreign-'))
    writeFileSync(join(foreign, 'notes.txt'), '我的文件')
    const refused = await gptnotes('migrate', 'vuepress', src.root, '--out', foreign)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('error [MigrateOutNotEmpty]')
    expect(existsSync(join(foreign, 'gptnotes.config.ts'))).toBe(false)
    // With --json, stdout holds one JSON object whatever happens.
    const json = await gptnotes('migrate', 'vuepress', src.root, '--out', foreign, '--json')
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stdout)).toEqual({ ok: false, error: { code: 'MigrateOutNotEmpty', message: `${foreign} holds files that an earlier migration did not write` } })
    const forced = await gptnotes('migrate', 'vuepress', src.root, '--out', foreign, '--force')
    expect(forced.code, forced.stderr).toBe(0)
    expect(readFileSync(join(foreign, 'notes.txt'), 'utf8')).toBe('我的文件')
    expect((await gptnotes('migrate', 'vuepress')).code).toBe(2)
    expect((await gptnotes('migrate', 'vuepress', src.root, '--no-such-flag')).code).toBe(2)
    const help = await gptnotes('migrate', 'vuepress', '--help')
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('--dry-run')
  })
})

describe('gptnotes migrate vuepress: a reco blog (config.ts)', () => {
  let src: ReturnType<typeof copyFixture>
  let out: string
  let before: Record<string, string>
  let run: Awaited<ReturnType<typeof migrate>>

  beforeAll(async () => {
    src = copyFixture('vuepress-reco-blog')
    out = join(temp, 'blog-out')
    before = snapshot(src.root)
    run = await migrate(src.root, '--out', out)
  })
  afterAll(() => src.cleanup())

  it('reads the TypeScript config (its defineConfig from an uninstalled package, a local import, process.env) and builds the result', () => {
    expect(run.code, run.stderr).toBe(0)
    expect(run.report.config).toBe('.vuepress/config.ts')
    expect(run.report.standIns.map((s) => s.name)).toEqual(['vuepress'])
    expect(run.report.build.pages).toBe(5)
    expect(snapshot(src.root)).toEqual(before)
  })

  it("carries reco's own fields over under their names", () => {
    const theme = run.report.result.themeConfig
    expect(theme).toMatchObject({
      author: '小明',
      authorAvatar: '/avatar.svg',
      logo: '/avatar.svg',
      startYear: '2019',
      record: '京ICP备12345678号',
      recordLink: 'https://beian.miit.gov.cn/',
      cyberSecurityRecord: '京公网安备 11010502000001号',
      cyberSecurityLink: 'http://www.beian.gov.cn/',
      keyPage: { keys: ['e10adc3949ba59abbe56e057f20f883e'], color: '#42b983', lineColor: '#42b983' },
    })
    expect(theme.friendLink).toEqual([
      { title: '午后南杂', desc: 'Enjoy when you can, and endure when you must.', link: 'https://www.recoluan.com' },
      { title: '示例站', desc: '另一个朋友', logo: '/avatar.svg', link: 'https://friend.example.com' },
    ])
    expect(kindOf(run.report, 'themeConfig.friendLink[0].email')).toEqual(['dropped'])
    expect(kindOf(run.report, 'themeConfig.type')).toEqual(['builtin'])
  })

  it("puts blogConfig's category and tag entries into the nav at their places", () => {
    expect(run.report.result.themeConfig.nav).toEqual([
      { text: '首页', link: '/' },
      { text: '分类', link: '/categories/' },
      { text: '标签', link: '/tag/' },
      { text: '时间轴', link: '/timeline/' },
    ])
    expect(kindOf(run.report, 'themeConfig.nav[0].icon')).toEqual(['dropped'])
    expect(kindOf(run.report, 'themeConfig.blogConfig.socialLinks')).toEqual(['dropped'])
  })

  it("turns Valine's settings into widget A's, and points at the LeanCloud move", () => {
    expect(run.report.result.themeConfig.comments).toEqual({
      enabled: true,
      solution: 'valine',
      valineConfig: { appId: 'fixtureAppId-gzGzoHsz', appKey: 'fixtureAppKey', placeholder: '说点什么吧', visitor: true, lang: 'zh-CN' },
    })
    const valine = find(run.report, 'themeConfig.valineConfig')[0]
    expect(valine.todo).toContain('README.md#moving-off-leancloud')
    expect(kindOf(run.report, 'themeConfig.valineConfig.recordIP')).toEqual(['dropped'])
    expect(run.report.build.warnings.map((w) => w.code)).toContain('CommentsNoService')
  })

  it('maps the widget plugins, and says what the others need', () => {
    const theme = run.report.result.themeConfig
    expect(theme.clickEffect).toEqual({ size: 2, shape: 'star', zIndex: 999999999 })
    expect(theme.mascot).toEqual({ theme: ['builtin'], clean: true, modelStyle: { right: '90px' } })
    expect(theme.feeds).toEqual({ rss: true })
    expect(run.report.result.hostname).toBe('https://blog.example.com')
    const copyright = find(run.report, 'plugins[2] (vuepress-plugin-copyright)')[0]
    expect(copyright.kind).toBe('dropped')
    expect(copyright.todo).toContain('copyright: true')
    expect(kindOf(run.report, 'plugins[3] (demo-block)')).toEqual(['builtin'])
    expect(readFileSync(join(out, 'gptnotes.config.ts'), 'utf8')).toMatch(/\/\/ was \["blackCat"\]: Live2D models need[^\n]*\n\s+theme: \['builtin'\],/)
  })

  it('names page-level findings by file:line', () => {
    expect(find(run.report, 'frontmatter permalink')).toEqual([
      expect.objectContaining({ kind: 'dropped', file: 'blogs/tech/hello.md', line: 8 }),
    ])
  })

  it("writes VuePress's defaults where gptnotes's differ, with a comment on each", () => {
    const text = readFileSync(join(out, 'gptnotes.config.ts'), 'utf8')
    expect(text).toMatch(/\/\/ VuePress's default; gptnotes's own default is '\/gpt\/'\n {2}base: '\/',/)
    expect(text).toMatch(/\/\/ VuePress's default; gptnotes's own default is 2\n {4}sidebarDepth: 1,/)
    expect(text).toMatch(/\/\/ VuePress's label for true\n {4}lastUpdated: 'Last Updated',/)
  })

  it('passes gptnotes build and check-links (with what this gptnotes reads)', async () => {
    const root = buildable(out, run.report)
    const build = await gptnotes('build', '--root', root)
    expect(build.code, build.stderr + build.stdout).toBe(0)
    const links = await gptnotes('check-links', '--root', root)
    expect(links.code, links.stdout + links.stderr).toBe(0)
  })
})

describe('gptnotes migrate vuepress: configs that misbehave', () => {
  const site = (config: string, name = 'config.js'): string => {
    const src = mkdtempSync(join(temp, 'misbehaving-'))
    cpSync(join(__dirname, '../fixtures/vuepress-docs/guide'), join(src, 'guide'), { recursive: true })
    cpSync(join(__dirname, '../fixtures/vuepress-docs/images'), join(src, 'images'), { recursive: true })
    writeFileSync(join(src, 'README.md'), '# 首页\n')
    mkdirSync(join(src, '.vuepress'))
    cpSync(join(__dirname, '../fixtures/vuepress-docs/.vuepress/nav.js'), join(src, '.vuepress/nav.js'), { recursive: true })
    writeFileSync(join(src, '.vuepress', name), config)
    return src
  }

  it('reaches no network and writes nothing while the config runs: those calls fail inside the config only', async () => {
    const src = site(`
      const https = require('https')
      const fs = require('fs')
      let network = 'reached'
      try { https.get('https://example.com/') } catch (e) { network = e.message }
      let write = 'written'
      try { fs.writeFileSync(__dirname + '/../written.txt', 'x') } catch (e) { write = e.message }
      console.log('读取配置')
      module.exports = { title: network.includes('not available') && write.includes('read only') ? '安全' : 'unsafe', description: process.env.FIXTURE_DESCRIPTION }
    `)
    const { code, report, stderr } = await migrate(src, '--out', `${src}-out`)
    expect(code).toBe(0)
    expect(report.result.title).toBe('安全')
    // What the config printed is kept off stdout, which holds the report alone.
    expect(stderr).toContain('the VuePress config printed:\n读取配置')
    expect(existsSync(join(src, 'written.txt'))).toBe(false)
  })

  it('reads an ESM config (config.mjs) with import.meta.url', async () => {
    const src = site(`import nav from './nav.js'\nimport { fileURLToPath } from 'node:url'\nexport default { title: fileURLToPath(import.meta.url).endsWith('config.mjs') ? 'ESM' : 'no', themeConfig: { nav } }\n`, 'config.mjs')
    const { code, report } = await migrate(src, '--out', `${src}-out`)
    expect(code).toBe(0)
    expect(report.result.title).toBe('ESM')
    expect(report.result.themeConfig.nav[1]).toEqual({ text: '指南', link: '/guide/' })
  })

  it('exits 1 when the result does not build or check, naming each problem once', async () => {
    // A broken markdown link (the build's own check), and a head stylesheet that is not there
    // (on every built page: check-links' check of the HTML, told once).
    const src = site(`module.exports = { title: '坏链接', head: [['link', { rel: 'stylesheet', href: '/missing.css' }]] }\n`)
    writeFileSync(join(src, 'guide/broken.md'), '# 坏\n\n[去向](./nowhere.md)\n')
    const { code, report } = await migrate(src, '--out', `${src}-out`)
    expect(code).toBe(1)
    expect(report.ok).toBe(false)
    expect(report.build.problems).toEqual([
      expect.objectContaining({ file: 'content/guide/broken.md', line: 3, column: 1, message: expect.stringMatching(/^\/guide\/nowhere\.html: /) }),
      expect.objectContaining({ message: expect.stringMatching(/^\/missing\.css: .*\(and on \d+ other pages\)$/) }),
    ])
    const text = await gptnotes('migrate', 'vuepress', src, '--out', `${src}-out`)
    expect(text.code).toBe(1)
    expect(text.stdout).toContain('Build problems: 2')
    expect(text.stdout).toContain('content/guide/broken.md:3')
  })
})

describe('gptnotes migrate vuepress: what the source had broken already', () => {
  it('anchors that reach no element are listed apart, and the result still counts as built (exit 0)', async () => {
    const src = join(temp, 'broken-anchors')
    mkdirSync(join(src, '.vuepress'), { recursive: true })
    writeFileSync(join(src, '.vuepress/config.js'), "module.exports = { title: '锚点', themeConfig: { sidebar: ['/'] } }\n")
    writeFileSync(join(src, 'README.md'), '# 锚点\n\n## 有的标题\n\n跳到[有的标题](#有的标题)，还有一个[早已失效的](#gone)。\n\n<pre>"the" => <a href="#learn-regex">the</a></pre>\n')
    const out = join(temp, 'broken-anchors-out')
    const { code, report } = await migrate(src, '--out', out)
    expect(code).toBe(0)
    expect(report.ok).toBe(true)
    expect(report.build.problems).toEqual([])
    expect(report.build.anchors.map((a) => [a.file, a.line, a.message.split(':')[0]])).toEqual([
      ['content/README.md', 5, '#gone'],
      ['content/README.md', 7, '#learn-regex'],
    ])
    const text = await gptnotes('migrate', 'vuepress', src, '--out', out)
    expect(text.stdout).toContain('Anchors the source already had broken (VuePress did not check them; the build warns, check-links reports them): 2')
    expect(text.stdout).toContain('The result builds (1 page)')
    expect((await gptnotes('build', '--root', out)).code).toBe(0)
  })
})
