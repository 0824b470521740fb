import { describe, expect, it } from 'vitest'
import { builtinSettings, SIZE } from '../../src/client/widgets/mascot/builtin/character.js'
import { MascotController } from '../../src/client/widgets/mascot/framework/controller.js'
import { parseMtn } from '../../src/client/widgets/mascot/framework/motion.js'
import { PRIORITY } from '../../src/client/widgets/mascot/framework/motion-manager.js'
import type { Mat4, MascotRenderer } from '../../src/client/widgets/mascot/framework/renderer.js'
import type { ModelSettings } from '../../src/client/widgets/mascot/framework/settings.js'

/** A renderer that records what the framework asks of it; head is the top half, body the bottom. */
class FakeRenderer implements MascotRenderer {
  readonly size = { width: 300, height: 440 }
  params = new Map<string, number>()
  parts = new Map<string, number>()
  draws: Mat4[] = []
  updates: number[] = []
  async load(): Promise<ModelSettings> {
    throw new Error('not used')
  }
  defaultParam(): number {
    return 0
  }
  setParam(id: string, v: number) {
    this.params.set(id, v)
  }
  setPartOpacity(id: string, v: number) {
    this.parts.set(id, v)
  }
  update(dt: number) {
    this.updates.push(dt)
  }
  draw(m: Mat4) {
    this.draws.push(m)
  }
  hitTest(id: string, _x: number, y: number) {
    return id === 'HEAD' ? y < 220 : id === 'BODY' ? y >= 220 : false
  }
  dispose() {}
}

const mtn = (id: string, value: number) => ({ load: async () => parseMtn(`$fps=30\n${id}=${Array(150).fill(value).join(',')}`) })
const settings: ModelSettings = {
  name: 'fake',
  motions: { idle: [mtn('PARAM_IDLE', 1)], sleepy: [mtn('PARAM_SLEEPY', 1)], tap_body: [mtn('PARAM_TAP', 1)] },
  expressions: [{ name: 'smile', load: async () => ({ fadeIn: 0, fadeOut: 0, params: [{ id: 'PARAM_SMILE', value: 1, blend: 'set' }] }) }],
  hitAreas: [
    { name: 'head', id: 'HEAD' },
    { name: 'body', id: 'BODY' },
  ],
}
const flush = () => new Promise((r) => setTimeout(r))

describe('mascot controller', () => {
  it('plays idle when nothing runs, blinks, and hands the renderer the parameters, then updates and draws', async () => {
    const r = new FakeRenderer()
    const c = new MascotController(r, settings, { width: 150, height: 220 }, { random: () => 0.5 })
    c.frame(0)
    await flush()
    expect(c.motions.priority).toBe(PRIORITY.idle)
    c.frame(1000)
    expect(r.params.get('PARAM_IDLE')).toBe(1)
    expect(r.params.get('PARAM_EYE_L_OPEN')).toBe(1)
    expect(r.params.has('PARAM_BREATH')).toBe(true)
    expect(r.updates).toEqual([0, 1000])
    expect(r.draws).toHaveLength(2)
    // Mid-blink (4000 ms after the first frame, then 100 ms closing).
    c.frame(4100)
    expect(r.params.get('PARAM_EYE_L_OPEN')).toBe(0)
    expect(r.params.get('PARAM_EYE_R_OPEN')).toBe(0)
  })

  it('picks the sleepy group at sleepy priority while the session flag says so', async () => {
    const r = new FakeRenderer()
    const c = new MascotController(r, settings, { width: 150, height: 220 }, { isSleepy: () => true })
    c.frame(0)
    await flush()
    expect(c.motions.priority).toBe(PRIORITY.sleepy)
    c.frame(1500)
    expect(r.params.get('PARAM_SLEEPY')).toBe(1)
    expect(r.params.has('PARAM_IDLE')).toBe(false)
  })

  it('a body tap plays tap_body over idle; a head tap shows an expression; a tap beside her does nothing', async () => {
    const r = new FakeRenderer()
    const c = new MascotController(r, settings, { width: 150, height: 220 })
    c.frame(0)
    await flush()
    expect(c.tap(75, 200, 10)).toEqual({ kind: 'motion', group: 'tap_body' })
    await flush()
    expect(c.motions.priority).toBe(PRIORITY.normal)
    c.frame(1200)
    expect(r.params.get('PARAM_TAP')).toBe(1)
    expect(c.tap(75, 20, 1300)).toEqual({ kind: 'expression' })
    await flush()
    c.frame(1400)
    expect(r.params.get('PARAM_SMILE')).toBe(1)
  })

  it('zooming to the largest view plays pinch_in', async () => {
    const r = new FakeRenderer()
    const c = new MascotController(r, { ...settings, motions: { ...settings.motions, pinch_in: [mtn('PARAM_PINCH', 1)] } }, { width: 150, height: 220 })
    c.frame(0)
    await flush()
    c.zoom(3, 75, 110, 10)
    await flush()
    expect(c.view.scale).toBe(2)
    c.frame(1200)
    expect(r.params.get('PARAM_PINCH')).toBe(1)
  })

  it('logs a motion that fails to load and lets the next one start', async () => {
    const errors: unknown[] = []
    const broken = { ...settings, motions: { idle: [{ load: () => Promise.reject(new Error('Failed to load (404) : idle.mtn')) }] } }
    const c = new MascotController(new FakeRenderer(), broken, { width: 150, height: 220 }, { onError: (e) => errors.push(e) })
    c.frame(0)
    await flush()
    expect(errors).toHaveLength(1)
    expect(c.motions.reserve(PRIORITY.idle)).toBe(true)
  })
})

describe('the built-in character, 小笺', () => {
  it('has every spec group, expressions, head and body areas, and motions in the framework format', async () => {
    const s = builtinSettings()
    expect(Object.keys(s.motions).sort()).toEqual(['flick_head', 'idle', 'pinch_in', 'pinch_out', 'shake', 'sleepy', 'tap_body'])
    expect(s.expressions.length).toBeGreaterThan(1)
    expect(s.hitAreas.map((a) => a.name)).toEqual(['head', 'body'])
    for (const list of Object.values(s.motions)) {
      for (const m of await Promise.all(list.map((e) => e.load()))) {
        expect(m.fps).toBe(30)
        expect(m.frames).toBeGreaterThan(10)
      }
    }
    expect(SIZE).toEqual({ width: 300, height: 440 })
  })
})
