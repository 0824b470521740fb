/**
 * Which motion plays (spec §4): priorities none 0, idle 1, sleepy 2, normal 3, force 4. A
 * motion starts only when its priority is above what runs and above what is already reserved
 * (a motion still loading); a forced one always starts. A started motion fades in while the
 * ones it replaces fade out.
 */
import { fadeWeight } from './fade.js'
import { type Motion, motionDuration, sampleMotion } from './motion.js'

export const PRIORITY = { none: 0, idle: 1, sleepy: 2, normal: 3, force: 4 } as const
export type Priority = (typeof PRIORITY)[keyof typeof PRIORITY]

interface Playing {
  motion: Motion
  start: number
  /** When its weight reaches 0: its natural end, or sooner when replaced. */
  end: number
  fadeIn: number
  fadeOut: number
}

/** Receives each curve's value with the weight it applies at (1: replace, 0.5: halfway). */
export type ParamSink = (id: string, value: number, weight: number) => void

export class MotionManager {
  private playing: Playing[] = []
  private current: Priority = PRIORITY.none
  private reserved: Priority = PRIORITY.none

  /** The priority of the motion running now (none when nothing runs). */
  get priority(): Priority {
    return this.current
  }

  /**
   * Claims the right to start a motion of `priority` (before loading it, so two taps do not
   * both start one). False: something as important runs or is on its way.
   */
  reserve(priority: Priority): boolean {
    if (priority === PRIORITY.force) {
      this.reserved = priority
      return true
    }
    if (priority <= this.reserved || priority <= this.current) return false
    this.reserved = priority
    return true
  }

  /** Gives up a reservation (its motion did not load). */
  release(priority: Priority): void {
    if (this.reserved === priority) this.reserved = PRIORITY.none
  }

  /**
   * Starts a motion reserved at `priority`. One that loaded after a more important motion
   * started is dropped (false).
   */
  start(motion: Motion, priority: Priority, now: number, fades: { fadeIn?: number; fadeOut?: number } = {}): boolean {
    if (priority !== PRIORITY.force && priority < this.current) {
      this.release(priority)
      return false
    }
    if (this.reserved === priority) this.reserved = PRIORITY.none
    this.current = priority
    for (const p of this.playing) p.end = Math.min(p.end, now + p.fadeOut)
    const fadeIn = fades.fadeIn ?? motion.fadeIn
    const fadeOut = fades.fadeOut ?? motion.fadeOut
    this.playing.push({ motion, start: now, end: now + motionDuration(motion), fadeIn, fadeOut })
    return true
  }

  /** Nothing plays (the main motion ended): time for an idle or sleepy one. */
  isFinished(now: number): boolean {
    this.prune(now)
    return this.playing.length === 0
  }

  /** Whether a playing motion moves this parameter (then the blink leaves the eyes to it). */
  controls(id: string, now: number): boolean {
    return this.playing.some((p) => now < p.end && id in p.motion.curves)
  }

  /** Applies every playing motion at `now`, oldest first; false when none plays. */
  apply(now: number, sink: ParamSink): boolean {
    this.prune(now)
    for (const p of this.playing) {
      const weight = fadeWeight(now, p.start, p.fadeIn, p.end, p.fadeOut)
      for (const [id, value] of sampleMotion(p.motion, now - p.start)) sink(id, value, weight)
    }
    return this.playing.length > 0
  }

  private prune(now: number): void {
    this.playing = this.playing.filter((p) => now < p.end)
    if (!this.playing.length) this.current = PRIORITY.none
  }
}
