import { describe, expect, it } from 'vitest'
import { pinchGroup, tapAction } from '../../src/client/widgets/mascot/framework/hit-areas.js'
import { PoseFader } from '../../src/client/widgets/mascot/framework/pose.js'
import { invert, modelMatrix, ViewTransform, VIEW } from '../../src/client/widgets/mascot/framework/view.js'

describe('mascot view transform', () => {
  it('maps the canvas to the logical view -1..1 across (y up, the height in proportion)', () => {
    const v = new ViewTransform(150, 220)
    expect(v.deviceToScreen(0, 0)).toEqual([-1, 220 / 150])
    expect(v.deviceToScreen(150, 220)).toEqual([1, -220 / 150])
    expect(v.deviceToScreen(75, 110)).toEqual([0, -0])
  })

  it('zooms only between 0.8 and 2, saying when a limit is reached, and keeps the view inside -2..2', () => {
    const v = new ViewTransform(150, 220)
    expect(v.zoom(1.5)).toBeUndefined()
    expect(v.zoom(10)).toBe('max')
    expect(v.scale).toBe(VIEW.maxScale)
    expect(v.zoom(0.01)).toBe('min')
    expect(v.scale).toBe(VIEW.minScale)
    // Zooming in around the right edge pans, but never past the -2..2 area.
    v.zoom(10, 1, 0)
    expect(v.tx).toBeGreaterThanOrEqual(1 - 2 * v.scale)
    expect(v.tx).toBeLessThanOrEqual(-1 + 2 * v.scale)
    const [left] = v.screenToView(-1, 0)
    expect(left).toBeGreaterThanOrEqual(-2)
  })

  it('places a model by its layout (width 2 and centred by default) and undoes it for hit tests', () => {
    const m = modelMatrix(300, 440)
    expect(m.sx).toBeCloseTo(2 / 300)
    expect(m.sy).toBeCloseTo(-2 / 300)
    expect(invert(m, 0, 0).map((n) => Math.round(n))).toEqual([150, 220])
    expect(invert(m, -1, 440 / 300).map((n) => Math.round(n))).toEqual([0, 0])
    const placed = modelMatrix(100, 100, { width: 1, centerX: 0.5, y: 1 })
    expect(invert(placed, 0, 1).map((n) => Math.round(n) + 0)).toEqual([0, 0])
    // The matrix a renderer gets: model corners to clip-space corners at scale 1.
    const v = new ViewTransform(150, 220)
    const mvp = v.mvp(m)
    expect(mvp[0] * 0 + mvp[12]).toBeCloseTo(-1)
    expect(mvp[5] * 0 + mvp[13]).toBeCloseTo(1)
    expect(mvp[0] * 300 + mvp[12]).toBeCloseTo(1)
    expect(mvp[5] * 440 + mvp[13]).toBeCloseTo(-1)
  })
})

describe('mascot hit areas', () => {
  const model = { hitAreas: [{ name: 'head', id: 'D_REF.HEAD' }, { name: 'body', id: 'D_REF.BODY' }], expressions: [{ name: 'f01', load: async () => ({ fadeIn: 0, fadeOut: 0, params: [] }) }] }
  const hits = (id: string) => (hit: string) => hit === id

  it('head → a random expression, body → tap_body, a miss → nothing', () => {
    expect(tapAction(model, hits('D_REF.HEAD'), [0, 0], [0, 0])).toEqual({ kind: 'expression' })
    expect(tapAction(model, hits('D_REF.BODY'), [0, 0], [0, 0])).toEqual({ kind: 'motion', group: 'tap_body' })
    expect(tapAction(model, hits('nothing'), [0, 0], [0, 0])).toBeUndefined()
    // A head without expressions plays flick_head instead.
    expect(tapAction({ ...model, expressions: [] }, hits('D_REF.HEAD'), [0, 0], [0, 0])).toEqual({ kind: 'motion', group: 'flick_head' })
  })

  it('custom areas → flick_head on the head, tap_body on the body; no areas at all → tap_body anywhere', () => {
    const custom = { hitAreas: [], expressions: [], hitAreasCustom: { headX: [-0.3, 0.3] as const, headY: [0.2, 0.8] as const, bodyX: [-0.4, 0.4] as const, bodyY: [-1, 0.2] as const } }
    const never = () => false
    expect(tapAction(custom, never, [0, 0.5], [0, 0])).toEqual({ kind: 'motion', group: 'flick_head' })
    expect(tapAction(custom, never, [0.1, -0.5], [0, 0])).toEqual({ kind: 'motion', group: 'tap_body' })
    expect(tapAction(custom, never, [0.9, 0.9], [0, 0])).toBeUndefined()
    expect(tapAction({ hitAreas: [], expressions: [] }, never, [0.9, 0.9], [0, 0])).toEqual({ kind: 'motion', group: 'tap_body' })
  })

  it('pinching to the largest plays pinch_in, to the smallest pinch_out', () => {
    expect(pinchGroup('max')).toBe('pinch_in')
    expect(pinchGroup('min')).toBe('pinch_out')
  })
})

describe('mascot parts fade', () => {
  it('fades a newly shown part in over 0.5 s while the other fades out under it', () => {
    const pose = new PoseFader([{ parts: ['ARM_A', 'ARM_B'] }])
    const show = (part: string) => (p: string) => (p === part ? 1 : 0)
    expect(Object.fromEntries(pose.update(16, show('none')))).toEqual({ ARM_A: 1, ARM_B: 0 })
    const half = Object.fromEntries(pose.update(250, show('ARM_B')))
    expect(half.ARM_B).toBeCloseTo(0.5)
    expect(half.ARM_A).toBeCloseTo(0.5)
    expect(Object.fromEntries(pose.update(250, show('ARM_B')))).toEqual({ ARM_A: 0, ARM_B: 1 })
  })
})
