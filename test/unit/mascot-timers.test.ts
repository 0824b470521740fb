import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BLINK, EyeBlink } from '../../src/client/widgets/mascot/framework/blink.js'
import { DRAG, DRAG_MAX_SPEED, DragFollower, dragParams } from '../../src/client/widgets/mascot/framework/drag.js'
import { SLEEPY_AFTER, SleepyTimer } from '../../src/client/widgets/mascot/framework/sleepy.js'
import { swayParams } from '../../src/client/widgets/mascot/framework/sway.js'

describe('mascot eye blink', () => {
  it('runs interval 4000, closing 100, closed 50, opening 150, then waits again', () => {
    // random 0.5: the wait is exactly the 4000 ms interval.
    const blink = new EyeBlink(() => 0.5)
    expect(blink.state).toBe('first')
    expect(blink.openness(0)).toBe(1)
    expect(blink.state).toBe('interval')
    expect(blink.openness(3999)).toBe(1)
    expect(blink.openness(4000)).toBe(1)
    expect(blink.state).toBe('closing')
    expect(blink.openness(4050)).toBeCloseTo(0.5)
    expect(blink.openness(4100)).toBe(0)
    expect(blink.state).toBe('closed')
    expect(blink.openness(4149)).toBe(0)
    expect(blink.openness(4150 + 75)).toBeCloseTo(0.5)
    expect(blink.state).toBe('opening')
    expect(blink.openness(4300)).toBe(1)
    expect(blink.state).toBe('interval')
    // The next blink starts 4000 ms after the eyes opened.
    expect(blink.openness(8299)).toBe(1)
    expect(blink.openness(8300 + BLINK.closing)).toBe(0)
  })

  it('varies the wait around the interval and does not replay blinks missed on a hidden tab', () => {
    const blink = new EyeBlink(() => 0.25)
    blink.openness(0)
    expect(blink.openness(1999)).toBe(1)
    expect(blink.state).toBe('interval')
    expect(blink.openness(2000)).toBe(1)
    expect(blink.state).toBe('closing')
    // An hour later: one blink at most, then a fresh wait from now.
    blink.openness(3_600_000)
    expect(blink.state).toBe('interval')
    expect(blink.openness(3_600_001)).toBe(1)
  })
})

describe('mascot sleepy flag', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const setup = () => {
    const store = new Map<string, string>()
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) }
    const timer = new SleepyTimer({ storage, setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (id) => clearTimeout(id as number) })
    return { store, timer }
  }

  it('sets the session flag Sleepy to 1 50 s after the pointer leaves, and to 0 on the next mouse move', () => {
    const { store, timer } = setup()
    timer.pointerLeft()
    vi.advanceTimersByTime(SLEEPY_AFTER - 1)
    expect(timer.isSleepy()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(store.get('Sleepy')).toBe('1')
    expect(timer.isSleepy()).toBe(true)
    timer.pointerMoved()
    expect(store.get('Sleepy')).toBe('0')
    expect(timer.isSleepy()).toBe(false)
  })

  it('does not fall asleep when the pointer comes back in time', () => {
    const { store, timer } = setup()
    timer.pointerLeft()
    vi.advanceTimersByTime(30_000)
    timer.pointerMoved()
    vi.advanceTimersByTime(60_000)
    expect(store.has('Sleepy')).toBe(false)
    timer.pointerLeft()
    timer.dispose()
    vi.advanceTimersByTime(60_000)
    expect(timer.isSleepy()).toBe(false)
  })
})

describe('mascot pointer following', () => {
  it('eases towards the target, never faster than the 30 fps frame limit, and arrives', () => {
    const drag = new DragFollower()
    drag.setTarget(1, 0)
    drag.update(0)
    let last = 0
    let steps = 0
    for (let t = 1000 / 30; steps < 300 && drag.x < 1; t += 1000 / 30, steps++) {
      drag.update(t)
      expect(drag.x - last).toBeLessThanOrEqual(DRAG_MAX_SPEED + 1e-9)
      expect(drag.x).toBeGreaterThanOrEqual(last)
      last = drag.x
    }
    expect(drag.x).toBeCloseTo(1, 3)
    // Full speed only after a few frames: the first step is small.
    const fresh = new DragFollower()
    fresh.setTarget(1, 0)
    fresh.update(0)
    fresh.update(1000 / 30)
    expect(fresh.x).toBeLessThan(DRAG_MAX_SPEED / 2)
  })

  it('moves as far in the same time at 60 Hz as at 30 Hz, and clamps the target to -1..1', () => {
    const run = (hz: number) => {
      const d = new DragFollower()
      d.setTarget(5, -5)
      for (let t = 0; t <= 300; t += 1000 / hz) d.update(t)
      return d
    }
    expect(run(60).x).toBeCloseTo(run(30).x, 1)
    const done = run(30)
    for (let t = 300; t < 5000; t += 33) done.update(t)
    expect([done.x, done.y].map((n) => Math.round(n * 1000) / 1000)).toEqual([1, -1])
  })

  it('turns the head by 30 and the body by 10 at full look', () => {
    const params = Object.fromEntries(dragParams(1, 1))
    expect(params).toMatchObject({ PARAM_ANGLE_X: DRAG.headAngle, PARAM_ANGLE_Y: 30, PARAM_ANGLE_Z: -30, PARAM_BODY_ANGLE_X: DRAG.bodyAngle, PARAM_EYE_BALL_X: 1 })
  })
})

describe('mascot idle sway', () => {
  it('moves the angles and breathing by slow sine waves, breathing within 0..1', () => {
    const samples = Array.from({ length: 200 }, (_, i) => swayParams(i * 100))
    const x = samples.map((s) => Object.fromEntries(s.add).PARAM_ANGLE_X)
    expect(Math.max(...x)).toBeGreaterThan(10)
    expect(Math.min(...x)).toBeLessThan(-10)
    expect(Math.max(...x)).toBeLessThanOrEqual(15)
    for (const s of samples) expect(s.breath).toBeGreaterThanOrEqual(0), expect(s.breath).toBeLessThanOrEqual(1)
    expect(swayParams(0).add.every(([, v]) => v === 0)).toBe(true)
  })
})
