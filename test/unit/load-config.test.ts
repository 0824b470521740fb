import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/render/config/load-config.js'
import { GptnotesError } from '../../src/render/errors/index.js'
import { defaultSiteConfig } from '../../src/shared/site-config.js'

let root: string
const write = (code: string) => {
  root = mkdtempSync(join(tmpdir(), 'gptnotes-config-'))
  writeFileSync(join(root, 'gptnotes.config.ts'), code)
  return root
}
afterEach(() => root && rmSync(root, { recursive: true, force: true }))

async function errorOf(p: Promise<unknown>): Promise<GptnotesError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(GptnotesError)
  return err as GptnotesError
}

describe('render/config/loadConfig', () => {
  it('uses the spec defaults when there is no config file', async () => {
    const { config, file } = await loadConfig(mkdtempSync(join(tmpdir(), 'gptnotes-empty-')))
    expect(file).toBeUndefined()
    expect(config.base).toBe('/gpt/')
    expect(config.lang).toBe('en-US')
    expect(config.locales['/'].lang).toBe('zh-CN')
    expect(config.themeConfig.comments).toEqual({ enabled: false, solution: '', options: {} })
    expect(config.themeConfig.email).toEqual({ enabled: false })
    expect(config.themeConfig.feeds).toEqual({ rss: false, atom: false, json: false })
    expect(config.themeConfig.searchMaxSuggestions).toBe(10)
  })

  it('reads a TypeScript config typed by defineConfig and fills the rest from the defaults', async () => {
    write(`import { defineConfig } from 'gptnotes'
const title: string = '我的GPT笔记'
export default defineConfig({ title, hostname: 'https://example.com', themeConfig: { feeds: { rss: true } } })`)
    const { config } = await loadConfig(root)
    expect(config.title).toBe('我的GPT笔记')
    expect(config.themeConfig.feeds).toEqual({ rss: true, atom: false, json: false })
    expect(config.themeConfig.nav).toEqual(defaultSiteConfig.themeConfig.nav)
  })

  it('names the key path of an ill-typed sidebar item', async () => {
    write(`export default { themeConfig: { sidebar: ['/a.html', '/b.html', { title: '组', path: 3 }] } }`)
    const err = await errorOf(loadConfig(root))
    expect(err.name).toBe('ConfigInvalid')
    expect(err.message).toContain('themeConfig.sidebar[2].path must be a string')
    expect(err.loc?.line).toBe(1)
  })

  it('names an unknown field', async () => {
    write(`export default {\n  titel: 'x',\n}`)
    const err = await errorOf(loadConfig(root))
    expect(err.message).toContain('titel is not a known field')
    expect(err.loc).toMatchObject({ file: 'gptnotes.config.ts', line: 2 })
  })

  it('checks the base and nested fields', async () => {
    write(`export default { base: 'gpt', themeConfig: { nav: [{ text: '首页' }], comments: { solution: 'disqus' } } }`)
    const err = await errorOf(loadConfig(root))
    expect(err.message).toContain('base must start and end with "/"')
    expect(err.message).toContain('themeConfig.nav[0].link is required')
    expect(err.message).toContain('themeConfig.comments.solution must be one of')
  })

  it('reports a syntax error with its location', async () => {
    write(`export default {\n  title: 'x'\n  description: 'y'\n}`)
    const err = await errorOf(loadConfig(root))
    expect(err.name).toBe('ConfigSyntax')
    expect(err.loc).toMatchObject({ file: 'gptnotes.config.ts', line: 3 })
    expect(err.frame).toContain("description: 'y'")
  })
})
