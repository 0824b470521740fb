// The Cubism model settings file (spec §3) in the three dialects the spec's model packages use,
// the texture path rule and the motion fps bounds (spec §5), read as the renderer reads them.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dialectOf, ModelSettingsError, readModelSettings, referencedFiles, resolveModelPath } from '../../src/shared/widgets/mascot-live2d-model.js'
import { readPose, toModelSettings } from '../../src/client/widgets/mascot/live2d/settings.js'
import { parseMtn } from '../../src/client/widgets/mascot/framework/motion.js'
import { thrownBy } from '../helpers/thrown.js'

const require = createRequire(import.meta.url)
const pkgFile = (pkg: string, file: string) => join(dirname(require.resolve(`${pkg}/package.json`)), file)
const json = (pkg: string, file: string): unknown => JSON.parse(readFileSync(pkgFile(pkg, file), 'utf8'))
const SHIZUKU = json('live2d-widget-model-shizuku', 'assets/shizuku.model.json')
const HIJIKI = json('live2d-widget-model-hijiki', 'assets/hijiki.model.json')
/** The third dialect (z16's), written here: same fields, another header. */
const VIEWER_EX = {
  version: 'Live2DViewerEX Config 1.0',
  model: 'moc/z.moc',
  textures: ['moc/z.1024/texture_00.png', 'https://img.example.com/t.png', '//img.example.com/t2.png'],
  layout: { center_x: 0, center_y: 0, width: 2 },
  motions: { idle: [{ file: 'mtn/idle.mtn' }] },
  expressions: [{ name: 'f00.exp.json', file: 'exp/f00.exp.json' }],
  physics: 'z.physics.json',
  hit_areas_custom: { head_x: [-0.3, 0.3], head_y: [0.2, 0.8], body_x: [-0.4, 0.4], body_y: [-1, 0.2] },
  init_param: [{ id: 'PARAM_ANGLE_X', value: 5 }],
}

describe('reading the three dialects', () => {
  it('"Live2D Model Setting" (shizuku): moc, textures, physics, pose, expressions, hit areas, layout, motions with sounds and fades', () => {
    const m = readModelSettings(SHIZUKU)
    expect(m.dialect).toBe('model-setting')
    expect(m.name).toBe('shizuku')
    expect(m.model).toBe('moc/shizuku.moc')
    expect(m.textures).toHaveLength(6)
    expect(m.textures[0]).toBe('moc/shizuku.1024/texture_00.png')
    expect([m.physics, m.pose]).toEqual(['shizuku.physics.json', 'shizuku.pose.json'])
    expect(m.expressions.map((e) => e.name)).toEqual(['f01', 'f02', 'f03', 'f04'])
    expect(m.hitAreas).toEqual([
      { name: 'head', id: 'D_REF.HEAD' },
      { name: 'body', id: 'D_REF.BODY' },
    ])
    expect(m.layout).toEqual({ center_x: 0, y: 1.2, width: 2.4 })
    expect(Object.keys(m.motions).sort()).toEqual(['flick_head', 'idle', 'pinch_in', 'pinch_out', 'shake', 'tap_body'])
    expect(m.motions.idle[0]).toEqual({ file: 'mtn/idle_00.mtn', fadeIn: 2000, fadeOut: 2000 })
    expect(m.motions.shake[1]).toEqual({ file: 'mtn/shake_01.mtn', sound: 'snd/shake_01.mp3', fadeIn: 500 })
    // 1 moc + 6 textures + physics + pose + 4 expressions + 18 motions + 15 sounds.
    expect(referencedFiles(m)).toHaveLength(46)
  })

  it('"Sample 1.0.0" (hijiki = blackCat): taps in the group named "", a pose, no hit areas', () => {
    const m = readModelSettings(HIJIKI)
    expect(m.dialect).toBe('sample')
    expect(m.model).toBe('moc/hijiki.moc')
    expect(m.textures).toEqual(['moc/hijiki.2048/texture_00.png'])
    expect(m.pose).toBe('hijiki.pose.json')
    expect(m.physics).toBeUndefined()
    expect(m.hitAreas).toEqual([])
    expect(m.motions['']).toHaveLength(8)
    expect(m.motions.idle).toEqual([{ file: 'mtn/00_idle.mtn' }])
    expect(referencedFiles(m)).toHaveLength(1 + 1 + 1 + 9)
  })

  it('"Live2DViewerEX Config 1.0" (z16\'s): custom hit areas and starting parameters', () => {
    const m = readModelSettings(VIEWER_EX)
    expect(m.dialect).toBe('viewer-ex')
    expect(m.hitAreasCustom).toEqual({ headX: [-0.3, 0.3], headY: [0.2, 0.8], bodyX: [-0.4, 0.4], bodyY: [-1, 0.2] })
    expect(m.initParams).toEqual([{ id: 'PARAM_ANGLE_X', value: 5 }])
    expect(m.expressions).toEqual([{ name: 'f00.exp.json', file: 'exp/f00.exp.json' }])
    expect(dialectOf({ model: 'a.moc' })).toBe('plain')
  })

  it('refuses a file without a moc or with a value of the wrong kind, naming the key path', () => {
    const bad = (v: unknown) => thrownBy(() => readModelSettings(v), ModelSettingsError).message
    expect(bad([])).toBe('(file) must be a JSON object')
    expect(bad({ textures: [] })).toBe('model must be a file path')
    expect(bad({ model: 'a.moc', textures: 'a.png' })).toBe('textures must be a list')
    expect(bad({ model: 'a.moc', motions: { idle: [{ fade_in: 1 }] } })).toBe('motions["idle"][0].file must be a file path')
    expect(bad({ model: 'a.moc', hit_areas: [{ name: 'head' }] })).toBe('hit_areas[0] must be { name, id }')
  })
})

describe('the texture path rule', () => {
  const dir = 'http://127.0.0.1:4173/gpt/assets/mascot/z16.abcd1234/'
  it('uses http, https and // addresses as given, and resolves the rest against the model folder', () => {
    const m = readModelSettings(VIEWER_EX)
    expect(m.textures.map((t) => resolveModelPath(t, dir))).toEqual([
      `${dir}moc/z.1024/texture_00.png`,
      'https://img.example.com/t.png',
      '//img.example.com/t2.png',
    ])
    expect(resolveModelPath('HTTP://x.example/a.png', dir)).toBe('HTTP://x.example/a.png')
    expect(resolveModelPath('./moc/../moc/t.png', '/gpt/m/')).toBe('/gpt/m/moc/t.png')
    expect(resolveModelPath('../shared/t.png', '/gpt/m/a/')).toBe('/gpt/m/shared/t.png')
  })

  it("gives the framework the settings with every file under the model's folder", async () => {
    const asked: string[] = []
    const settings = toModelSettings(readModelSettings(SHIZUKU), '/gpt/m/', readPose(json('live2d-widget-model-shizuku', 'assets/shizuku.pose.json')), {
      text: async (url) => (asked.push(url), readFileSync(pkgFile('live2d-widget-model-shizuku', 'assets/' + url.slice('/gpt/m/'.length)), 'utf8')),
      json: async (url) => (asked.push(url), json('live2d-widget-model-shizuku', 'assets/' + url.slice('/gpt/m/'.length))),
    })
    expect(settings.layout).toMatchObject({ centerX: 0, y: 1.2, width: 2.4 })
    expect(settings.motions.tap_body[0].sound).toBe('/gpt/m/snd/tapBody_00.mp3')
    expect(settings.motions.idle[0]).toMatchObject({ fadeIn: 2000, fadeOut: 2000 })
    expect(settings.pose?.length).toBeGreaterThan(0)
    const idle = await settings.motions.idle[0].load()
    expect(idle.fps).toBe(30)
    expect(idle.frames).toBeGreaterThan(10)
    // f01 is the neutral face (no parameters); f02 looks aside with half-closed eyes.
    expect((await settings.expressions[0].load()).params).toEqual([])
    const f02 = await settings.expressions[1].load()
    expect(f02.fadeIn).toBe(500)
    expect(f02.params).toContainEqual({ id: 'PARAM_EYE_L_OPEN', value: 0.7, blend: 'multiply' })
    expect(asked).toEqual(['/gpt/m/mtn/idle_00.mtn', '/gpt/m/exp/f01.exp.json', '/gpt/m/exp/f02.exp.json'])
  })

  it('reads the pose groups of hijiki (two arm poses)', () => {
    expect(readPose(json('live2d-widget-model-hijiki', 'assets/hijiki.pose.json'))).toEqual([{ parts: ['PARTS_01_ARM_R', 'PARTS_01_ARM_R_02'] }, { parts: ['PARTS_01_ARM_L', 'PARTS_01_ARM_L_02'] }])
    expect(readPose({})).toEqual([])
  })
})

describe('motion fps (spec §5: 6 to 120, default 30)', () => {
  const real = readFileSync(pkgFile('live2d-widget-model-hijiki', 'assets/mtn/01.mtn'), 'utf8')
  const withFps = (fps: string | undefined) => parseMtn(fps === undefined ? real.replace(/^\$fps=.*$/m, '') : real.replace(/^\$fps=.*$/m, `$fps=${fps}`))

  it('reads the real file at its 30 fps, its frames as the duration', () => {
    const m = parseMtn(real)
    expect(m.fps).toBe(30)
    expect(m.frames).toBeGreaterThan(0)
  })

  it('accepts 6, 60 and 120; 5, 121, junk and none fall back to 30', () => {
    expect(withFps('6').fps).toBe(6)
    expect(withFps('60').fps).toBe(60)
    expect(withFps('120').fps).toBe(120)
    for (const v of ['5', '121', '0', '-30', 'x', undefined]) expect(withFps(v).fps, String(v)).toBe(30)
  })
})
