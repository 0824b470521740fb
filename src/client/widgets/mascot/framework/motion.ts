/**
 * The motion format the framework plays: per-frame values of parameters at a frame rate, as
 * Live2D's `.mtn` files hold them (`$fps=30`, `PARAM_ANGLE_X=0,1.5,3,…`). `parseMtn` reads
 * those files; the built-in character writes its motions as keyframes that `bake` turns into
 * the same frames.
 */

/** Spec §5: a motion's fps is accepted only between 6 and 120; otherwise (or left out) 30. */
export const FPS_MIN = 6
export const FPS_MAX = 120
export const FPS_DEFAULT = 30
/** Spec §9: a motion fades in and out over 1000 ms unless it says otherwise. */
export const MOTION_FADE_DEFAULT = 1000

export interface Motion {
  fps: number
  /** Fade in/out, ms. */
  fadeIn: number
  fadeOut: number
  /** Frames of the longest curve; a shorter curve holds its last value. */
  frames: number
  /** Parameter id (or `VISIBLE:<part>`) → one value per frame. */
  curves: Readonly<Record<string, readonly number[]>>
}

export function acceptFps(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value >= FPS_MIN && value <= FPS_MAX ? value : FPS_DEFAULT
}

/** How long a motion plays, ms. */
export function motionDuration(motion: Motion): number {
  return (motion.frames * 1000) / motion.fps
}

/** Reads a `.mtn` text. Unknown `$` settings and malformed lines are skipped, as the core skips them. */
export function parseMtn(text: string): Motion {
  let fps: number | undefined
  let fadeIn = MOTION_FADE_DEFAULT
  let fadeOut = MOTION_FADE_DEFAULT
  const curves: Record<string, number[]> = {}
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    const eq = line.indexOf('=')
    if (eq < 1) continue
    const key = line.slice(0, eq).trim()
    const value = line.slice(eq + 1).trim()
    if (key.startsWith('$')) {
      const n = Number(value)
      if (key === '$fps') fps = n
      else if (key === '$fadein' && n >= 0) fadeIn = n
      else if (key === '$fadeout' && n >= 0) fadeOut = n
      continue
    }
    const values = value.split(',').map(Number).filter(Number.isFinite)
    if (values.length) curves[key] = values
  }
  return finish({ fps: acceptFps(fps), fadeIn, fadeOut, curves })
}

function finish({ fps, fadeIn, fadeOut, curves }: Omit<Motion, 'frames'>): Motion {
  const frames = Math.max(0, ...Object.values(curves).map((c) => c.length))
  return { fps, fadeIn, fadeOut, frames, curves }
}

/** Every curve's value at `t` ms after the motion started, between frames linearly. */
export function sampleMotion(motion: Motion, t: number): Map<string, number> {
  const at = Math.max(0, (t * motion.fps) / 1000)
  const i = Math.floor(at)
  const f = at - i
  const out = new Map<string, number>()
  for (const [id, curve] of Object.entries(motion.curves)) {
    if (!curve.length) continue
    const last = curve.length - 1
    const a = curve[Math.min(i, last)]
    const b = curve[Math.min(i + 1, last)]
    out.set(id, a + (b - a) * f)
  }
  return out
}

/** Keyframes: `[seconds, value]` pairs in time order. */
export type Keys = readonly (readonly [number, number])[]

/**
 * A motion from keyframes, eased between keys (cosine), sampled into frames at `fps`, so it
 * plays exactly as a `.mtn` motion does.
 */
export function bake(keys: Readonly<Record<string, Keys>>, options: { fps?: number; fadeIn?: number; fadeOut?: number } = {}): Motion {
  const fps = acceptFps(options.fps)
  const end = Math.max(0, ...Object.values(keys).map((k) => (k.length ? k[k.length - 1][0] : 0)))
  const frames = Math.max(1, Math.round(end * fps) + 1)
  const curves: Record<string, number[]> = {}
  for (const [id, k] of Object.entries(keys)) {
    if (!k.length) continue
    curves[id] = Array.from({ length: frames }, (_, n) => round(keyValue(k, n / fps)))
  }
  return finish({ fps, fadeIn: options.fadeIn ?? MOTION_FADE_DEFAULT, fadeOut: options.fadeOut ?? MOTION_FADE_DEFAULT, curves })
}

function keyValue(keys: Keys, t: number): number {
  if (t <= keys[0][0]) return keys[0][1]
  for (let i = 1; i < keys.length; i++) {
    const [t1, v1] = keys[i]
    if (t <= t1) {
      const [t0, v0] = keys[i - 1]
      const f = t1 === t0 ? 1 : (t - t0) / (t1 - t0)
      return v0 + (v1 - v0) * (0.5 - Math.cos(Math.PI * f) / 2)
    }
  }
  return keys[keys.length - 1][1]
}

const round = (n: number) => Math.round(n * 1000) / 1000
