/**
 * Pointer following (spec §9): the face turns towards a target point (-1..1 both ways) with
 * its speed and acceleration limited per 1/30 s frame, so it eases in, never snaps, and slows
 * before it arrives. Then the point becomes head and body angles (head 30, body 10).
 */
export const DRAG = { fps: 30, headAngle: 30, bodyAngle: 10 } as const
/** Seconds to reach full speed. */
const TIME_TO_MAX_SPEED = 0.15
/** Full speed, in view units per frame (the whole -1..1 range in about 0.4 s). */
export const DRAG_MAX_SPEED = 40 / 7.5 / DRAG.fps

export class DragFollower {
  x = 0
  y = 0
  private tx = 0
  private ty = 0
  private vx = 0
  private vy = 0
  private last: number | undefined

  /** Where the face should look; clamped to -1..1. */
  setTarget(x: number, y: number): void {
    this.tx = clamp(x)
    this.ty = clamp(y)
  }

  update(now: number): void {
    const last = this.last
    this.last = now
    if (last === undefined) return
    // How many 30 fps frames passed: speeds are per frame, so any refresh rate moves alike.
    const frames = Math.min(((now - last) * DRAG.fps) / 1000, 10)
    if (frames <= 0) return
    const dx = this.tx - this.x
    const dy = this.ty - this.y
    const dist = Math.hypot(dx, dy)
    if (dist < 1e-4 && Math.hypot(this.vx, this.vy) < 1e-4) {
      this.x = this.tx
      this.y = this.ty
      this.vx = this.vy = 0
      return
    }
    // Speeds are per frame, accelerations per frame squared: the same path at any refresh rate.
    const accel = DRAG_MAX_SPEED / (TIME_TO_MAX_SPEED * DRAG.fps)
    let ax = (DRAG_MAX_SPEED * dx) / (dist || 1) - this.vx
    let ay = (DRAG_MAX_SPEED * dy) / (dist || 1) - this.vy
    const a = Math.hypot(ax, ay)
    if (a > accel * frames) {
      ax *= (accel * frames) / a
      ay *= (accel * frames) / a
    }
    this.vx += ax
    this.vy += ay
    // Brake: no faster than what still stops at the target with that deceleration.
    const stop = Math.sqrt(2 * accel * dist)
    const v = Math.hypot(this.vx, this.vy)
    if (v > stop) {
      this.vx *= stop / v
      this.vy *= stop / v
    }
    if (Math.hypot(this.vx, this.vy) * frames >= dist) {
      this.x = this.tx
      this.y = this.ty
      this.vx = this.vy = 0
      return
    }
    this.x += this.vx * frames
    this.y += this.vy * frames
  }
}

/** The parameters a look direction adds to (Cubism's standard ids). */
export function dragParams(x: number, y: number): [id: string, add: number][] {
  return [
    ['PARAM_ANGLE_X', x * DRAG.headAngle],
    ['PARAM_ANGLE_Y', y * DRAG.headAngle],
    ['PARAM_ANGLE_Z', x * y * -DRAG.headAngle],
    ['PARAM_BODY_ANGLE_X', x * DRAG.bodyAngle],
    ['PARAM_EYE_BALL_X', x],
    ['PARAM_EYE_BALL_Y', y],
  ]
}

const clamp = (n: number) => Math.max(-1, Math.min(1, Number.isFinite(n) ? n : 0))
