import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { throttle } from '../../src/client/behaviours/throttle.js'

describe('throttle (the back-to-top scroll handler)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs at once, then at most once per window, and always runs for the last call', () => {
    const fn = vi.fn()
    const t = throttle(fn, 500)
    t()
    expect(fn).toHaveBeenCalledTimes(1)
    t()
    t()
    vi.advanceTimersByTime(499)
    expect(fn).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(2) // the trailing call
    vi.advanceTimersByTime(5000)
    expect(fn).toHaveBeenCalledTimes(2)
    t()
    expect(fn).toHaveBeenCalledTimes(3)
  })

  it('cancel drops a pending call', () => {
    const fn = vi.fn()
    const t = throttle(fn, 500)
    t()
    t()
    t.cancel()
    vi.advanceTimersByTime(1000)
    expect(fn).toHaveBeenCalledTimes(1)
  })
})
