import { describe, expect, it } from 'vitest'
import { parseExpression } from '../../src/client/widgets/mascot/framework/expression.js'
import { lookupGroup } from '../../src/client/widgets/mascot/framework/groups.js'
import { bake, motionDuration, parseMtn, sampleMotion } from '../../src/client/widgets/mascot/framework/motion.js'
import { MotionManager, PRIORITY } from '../../src/client/widgets/mascot/framework/motion-manager.js'
import type { MotionEntry } from '../../src/client/widgets/mascot/framework/settings.js'

/** A motion of `frames` frames at 30 fps moving one parameter to `value`. */
const motion = (value = 1, frames = 30) => parseMtn(`$fps=30\nPARAM_X=${Array(frames).fill(value).join(',')}`)
const entry = (): MotionEntry => ({ load: async () => motion() })

describe('mascot motions (.mtn format)', () => {
  it('reads fps, fades and curves, and plays a curve between frames', () => {
    const m = parseMtn('# Live2D Animator Motion Data\n$fps=10\n$fadein=300\n$fadeout=200\nPARAM_ANGLE_X=0,10,20\nVISIBLE:PARTS_A=1\nbroken line')
    expect(m).toMatchObject({ fps: 10, fadeIn: 300, fadeOut: 200, frames: 3 })
    expect(motionDuration(m)).toBe(300)
    const at = sampleMotion(m, 150)
    expect(at.get('PARAM_ANGLE_X')).toBe(15)
    // A shorter curve holds its last value.
    expect(at.get('VISIBLE:PARTS_A')).toBe(1)
  })

  it('accepts an fps only from 6 to 120, else 30 (also when left out); fades default to 1000 ms', () => {
    const fps = (line: string) => parseMtn(`${line}\nPARAM_X=0,1`).fps
    expect([fps('$fps=6'), fps('$fps=60'), fps('$fps=120')]).toEqual([6, 60, 120])
    expect([fps('$fps=5'), fps('$fps=121'), fps('$fps=abc'), fps('')]).toEqual([30, 30, 30, 30])
    expect(parseMtn('PARAM_X=1')).toMatchObject({ fadeIn: 1000, fadeOut: 1000 })
    // A 60 fps motion lasts half as long as the same frames at 30.
    expect(motionDuration(parseMtn('$fps=60\nPARAM_X=' + '0,'.repeat(59) + '0'))).toBe(1000)
  })

  it('bakes keyframes into frames of the same format', () => {
    const m = bake({ PARAM_X: [[0, 0], [1, 10]] })
    expect(m.fps).toBe(30)
    expect(m.frames).toBe(31)
    expect(m.curves.PARAM_X[0]).toBe(0)
    expect(m.curves.PARAM_X[15]).toBeCloseTo(5, 1)
    expect(m.curves.PARAM_X[30]).toBe(10)
  })

  it('reads an expression file: add and mult relative to their defaults, set as given, fades 1000 ms by default', () => {
    const e = parseExpression({ params: [{ id: 'A', val: 3, def: 1 }, { id: 'B', val: 2, calc: 'mult', def: 4 }, { id: 'C', val: 7, calc: 'set' }, { val: 1 }] })
    expect(e).toEqual({ fadeIn: 1000, fadeOut: 1000, params: [{ id: 'A', value: 2, blend: 'add' }, { id: 'B', value: 0.5, blend: 'multiply' }, { id: 'C', value: 7, blend: 'set' }] })
  })
})

describe('mascot groups', () => {
  it('falls back to the "" and "null" groups for taps, and from sleepy to idle', () => {
    const cats = { idle: [entry()], '': [entry(), entry()] }
    const miku = { idle: [entry()], null: [entry()] }
    expect(lookupGroup(cats, 'tap_body')?.group).toBe('')
    expect(lookupGroup(miku, 'flick_head')?.group).toBe('null')
    expect(lookupGroup({ tap_body: [entry()], '': [entry()] }, 'tap_body')?.group).toBe('tap_body')
    expect(lookupGroup(cats, 'sleepy')?.group).toBe('idle')
    expect(lookupGroup({ '': [entry()] }, 'idle')).toBeUndefined()
    expect(lookupGroup({ tap_body: [] }, 'pinch_in')).toBeUndefined()
  })
})

describe('mascot motion manager', () => {
  it('starts a motion only above what runs or is reserved; a forced one always', () => {
    const m = new MotionManager()
    expect(m.reserve(PRIORITY.idle)).toBe(true)
    m.start(motion(), PRIORITY.idle, 0)
    expect(m.priority).toBe(PRIORITY.idle)
    // Idle again while idle runs: refused; a tap (normal) starts over it.
    expect(m.reserve(PRIORITY.idle)).toBe(false)
    expect(m.reserve(PRIORITY.normal)).toBe(true)
    // A second tap while the first is still loading is refused, and so is sleepy.
    expect(m.reserve(PRIORITY.normal)).toBe(false)
    expect(m.reserve(PRIORITY.sleepy)).toBe(false)
    m.start(motion(), PRIORITY.normal, 100)
    expect(m.priority).toBe(PRIORITY.normal)
    expect(m.reserve(PRIORITY.normal)).toBe(false)
    expect(m.reserve(PRIORITY.force)).toBe(true)
    m.start(motion(), PRIORITY.force, 200)
    expect(m.priority).toBe(PRIORITY.force)
  })

  it('drops a motion that loaded after a more important one started, and frees a failed reservation', () => {
    const m = new MotionManager()
    m.reserve(PRIORITY.normal)
    m.reserve(PRIORITY.force)
    m.start(motion(), PRIORITY.force, 0)
    expect(m.start(motion(), PRIORITY.normal, 10)).toBe(false)
    expect(m.priority).toBe(PRIORITY.force)
    const n = new MotionManager()
    n.reserve(PRIORITY.normal)
    n.release(PRIORITY.normal)
    expect(n.reserve(PRIORITY.normal)).toBe(true)
  })

  it('fades a motion in over its fade-in and the replaced one out; finishes when none plays', () => {
    const m = new MotionManager()
    const seen = (now: number) => {
      const out: [number, number][] = []
      m.apply(now, (_id, value, weight) => out.push([value, Math.round(weight * 100) / 100]))
      return out
    }
    m.start(motion(1, 90), PRIORITY.idle, 0) // 3 s, fades 1000 ms
    expect(seen(0)).toEqual([[1, 0]])
    expect(seen(500)).toEqual([[1, 0.5]])
    expect(seen(1000)).toEqual([[1, 1]])
    m.start(motion(2, 90), PRIORITY.normal, 1000)
    // Halfway through the swap: the old at 0.5 on its way out, the new at 0.5 on its way in.
    expect(seen(1500)).toEqual([
      [1, 0.5],
      [2, 0.5],
    ])
    expect(seen(2000)).toEqual([[2, 1]])
    expect(m.isFinished(3999)).toBe(false)
    expect(m.isFinished(4000)).toBe(true)
    expect(m.priority).toBe(PRIORITY.none)
  })
})
