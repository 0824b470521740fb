// Widget B's config as a site owner writes it (Vssue's option names) and what the pages get:
// the check, the defaults and per-locale merge, the original's function forms evaluated at build
// time, a client secret refused, and the widget's own reading of its options (console warnings,
// the missing-service error, the locale).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { dirOf, resolveLang } from '../../src/client/widgets/vssue/i18n.js'
import { configProblems, resolveOptions as derive } from '../../src/client/widgets/vssue/options.js'
import { buildSite } from '../../src/render/build-site.js'
import { GptnotesErrors, GptnotesError } from '../../src/render/errors/index.js'
import { checkSiteConfig, resolveSiteConfig, type UserConfig } from '../../src/shared/site-config.js'
import { serviceFromProxy, VSSUE_PROXY_SAMPLE, vssueConfigFor, vssueOf, vssueSchema } from '../../src/shared/widgets/vssue.js'

const withVssue = (vssueConfig: object, extra: object = {}): UserConfig =>
  ({ themeConfig: { comments: { enabled: true, solution: 'vssue', vssueConfig: { owner: 'me', repo: 'blog-comments', clientId: 'abc', proxy: 'https://comments.example.com', ...vssueConfig }, ...extra } } }) as UserConfig
const problemsOf = (config: unknown) => checkSiteConfig(config).map((p) => `${p.path} ${p.message}`)

describe('themeConfig.comments.vssueConfig', () => {
  it("takes Vssue's option names, so an existing config carries over", () => {
    const carried = {
      platform: 'gitee',
      baseURL: 'https://gitee.com',
      admins: ['friend'],
      perPage: 15,
      labels: ['Vssue', 'blog'],
      state: 'Vssue',
      prefix: '[Comments]',
      issueContent: '评论区：{url}',
      autoCreateIssue: true,
      issueId: 3,
      locale: 'zh-CN',
      title: '留言板',
    }
    expect(problemsOf(withVssue(carried))).toEqual([])
  })

  it('names the key path of a wrong value', () => {
    const at = 'themeConfig.comments.vssueConfig'
    expect(problemsOf(withVssue({ platform: 'gitea' }))[0]).toMatch(new RegExp(`^${at}.platform must be one of "github", "github-v4", "gitlab", "bitbucket", "gitee"`))
    expect(problemsOf(withVssue({ perPage: 200 }))).toEqual([`${at}.perPage must be a whole number from 1 to 100, got 200`])
    expect(problemsOf(withVssue({ proxy: 'comments.example.com' }))).toEqual([`${at}.proxy must be the comment service's http(s) address, got "comments.example.com"`])
  })

  it('fills the defaults, merges each locale over the base, and never carries a secret', () => {
    const config = resolveSiteConfig(withVssue({}, { locales: { '/en/': { vssueConfig: { locale: 'en', perPage: 20 } } } }))
    const site = vssueOf(config)!
    expect(site.vssue).toEqual({
      platform: 'github',
      owner: 'me',
      repo: 'blog-comments',
      clientId: 'abc',
      baseURL: '',
      proxy: 'https://comments.example.com',
      admins: [],
      perPage: 10,
      labels: ['Vssue'],
      state: 'Vssue',
      prefix: '[Vssue]',
      issueContent: '',
      autoCreateIssue: false,
      issueId: '',
      locale: '',
      title: '',
    })
    expect(vssueConfigFor(site, '/en/a.html')).toMatchObject({ locale: 'en', perPage: 20, owner: 'me' })
    expect(vssueConfigFor(site, '/a.html').locale).toBe('')
    expect(vssueOf(resolveSiteConfig({ themeConfig: { comments: { enabled: true, solution: 'valine' } } } as UserConfig))).toBeUndefined()
  })

  it("reads the service's address out of the original's proxy function", () => {
    expect(serviceFromProxy('https://svc.example.com/')).toBe('https://svc.example.com')
    expect(serviceFromProxy(`https://svc.example.com/cors/${VSSUE_PROXY_SAMPLE}`)).toBe('https://svc.example.com')
    expect(serviceFromProxy(`https://svc.example.com/api/cors/${VSSUE_PROXY_SAMPLE}`)).toBe('https://svc.example.com/api')
    expect(serviceFromProxy(`https://proxy.example.com/?url=${encodeURIComponent(VSSUE_PROXY_SAMPLE)}`)).toBe('https://proxy.example.com')
    expect(serviceFromProxy('javascript:alert(1)')).toBe('')
  })
})

describe('building with widget B', () => {
  const roots: string[] = []
  afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })))
  async function build(config: string) {
    const root = mkdtempSync(join(tmpdir(), 'gptnotes-vssue-config-'))
    roots.push(root)
    mkdirSync(join(root, 'content'))
    writeFileSync(join(root, 'content/a.md'), '# 文章\n')
    writeFileSync(join(root, 'gptnotes.config.ts'), config)
    return buildSite({ root })
  }
  const pageData = (html: string) => JSON.parse(/<script id="__GPTNOTES_DATA__"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1])

  it('evaluates the function forms of proxy and issueContent at build time', async () => {
    const out = await build(`export default {
  themeConfig: { comments: { enabled: true, solution: 'vssue', vssueConfig: {
    owner: 'me', repo: 'r', clientId: 'abc',
    proxy: (url: string) => \`https://svc.example.com/cors/\${url}\`,
    issueContent: ({ url }: { url: string }) => \`评论区：\${url}\`,
  } } },
}
`)
    const html = String(out.files.get('a.html') ?? [...out.files.entries()].find(([k]) => k.endsWith('a.html'))![1])
    // What the page's widget B gets: its slot props, made by the build for the route.
    const { site, route } = pageData(html)
    expect(route.widgetProps.vssue.config.proxy).toBe('https://svc.example.com')
    expect(route.widgetProps.vssue.config.issueContent).toBe('评论区：{url}')
    expect(site.vssue).toBeUndefined()
    // Its site record says only where it goes: its settings are the route's.
    expect(site.widgets).toEqual({ vssue: { placement: 'article-end' } })
    expect(html).not.toContain('clientSecret')
  })

  it('refuses a clientSecret (also in a locale), and another function, by name', async () => {
    const err = await build(`export default {
  themeConfig: { comments: { enabled: true, solution: 'vssue', vssueConfig: { owner: 'me', repo: 'r', clientId: 'abc', proxy: 'https://svc.example.com' },
    locales: { '/en/': { vssueConfig: { clientSecret: 'x' } } } } },
}
`).catch((e: unknown) => e)
    const found = err instanceof GptnotesErrors ? err.errors[0] : err
    expect(found).toBeInstanceOf(GptnotesError)
    expect((found as GptnotesError).code).toBe('VssueClientSecret')
    expect((found as GptnotesError).message).toContain('themeConfig.comments.locales["/en/"].vssueConfig.clientSecret')
    const fn = await build(`export default {
  themeConfig: { comments: { enabled: true, solution: 'vssue', vssueConfig: { owner: 'me', repo: 'r', clientId: 'abc', proxy: 'https://svc.example.com', title: () => 'x' } } },
}
`).catch((e: unknown) => e)
    expect(String((fn as Error).message)).toContain('themeConfig.comments.vssueConfig.title must be a string here (a function cannot travel to the browser)')
  })

  it('warns when a platform that logs in through the service has none (GitLab needs none)', async () => {
    const gh = await build(`export default { themeConfig: { comments: { enabled: true, solution: 'vssue', vssueConfig: { owner: 'me', repo: 'r', clientId: 'abc' } } } }\n`)
    expect(gh.warnings.map((w) => w.code)).toContain('VssueNoService')
    const gl = await build(`export default { themeConfig: { comments: { enabled: true, solution: 'vssue', vssueConfig: { platform: 'gitlab', owner: 'me', repo: 'r', clientId: 'abc' } } } }\n`)
    expect(gl.warnings.map((w) => w.code)).not.toContain('VssueNoService')
  })
})

/** The widget's options as the build hands them over: the schema's resolution of `raw`, plus what the widget derives. */
const resolveOptions = (raw: object) => derive(vssueSchema.resolve(raw))

describe("the widget's reading of its options", () => {
  it('warns in the console for a missing platform, owner, repo or clientId', () => {
    const raw = { proxy: 'https://svc.example.com' }
    const { warnings, error } = configProblems(raw, resolveOptions(raw))
    expect(warnings).toEqual([
      '[Vssue] the option "platform" is required (one of github, github-v4, gitlab, bitbucket, gitee); using "github"',
      '[Vssue] the option "owner" is required',
      '[Vssue] the option "repo" is required',
      '[Vssue] the option "clientId" is required',
    ])
    expect(error).toBeUndefined()
  })

  it("a missing comment service is the error now (it replaces 'clientSecret and proxy is required')", () => {
    for (const platform of ['github', 'github-v4', 'gitee', 'bitbucket']) {
      const raw = { platform, owner: 'o', repo: 'r', clientId: 'c' }
      expect(configProblems(raw, resolveOptions(raw)).error, platform).toMatch(/comment service address \(vssueConfig\.proxy\) is required/)
    }
    const gitlab = { platform: 'gitlab', owner: 'o', repo: 'r', clientId: 'c' }
    expect(configProblems(gitlab, resolveOptions(gitlab)).error).toBeUndefined()
  })

  it('fills the gaps of a partial config and prefixes the issue title', () => {
    // Out of range is refused by the build's check (no second clamp in the widget).
    expect(vssueSchema.check({ perPage: 500 }, 'vssueConfig').map((p) => p.path)).toEqual(['vssueConfig.perPage'])
    const o = resolveOptions({ perPage: 100, issueId: 3, prefix: '[评论]' })
    expect(o.perPage).toBe(100)
    expect(o.issueId).toBe('3')
    expect(o.issueTitle('文章')).toBe('[评论]文章')
    expect(resolveOptions({ title: '留言板' }).issueTitle('文章')).toBe('[Vssue]留言板')
  })

  it('speaks the configured locale with its regional variants, else the browser’s languages, else English', () => {
    expect(resolveLang('zh-CN', [])).toBe('zh')
    expect(resolveLang('pt-BR', [])).toBe('pt')
    expect(resolveLang('ja', ['zh-CN'])).toBe('ja')
    expect(resolveLang('fr', ['zh-CN'])).toBe('en')
    expect(resolveLang('', ['fr-FR', 'he-IL', 'zh'])).toBe('he')
    expect(resolveLang('', ['fr-FR'])).toBe('en')
    expect(dirOf('he')).toBe('rtl')
    expect(dirOf('zh')).toBe('ltr')
  })
})
