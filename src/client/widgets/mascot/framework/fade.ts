/**
 * Fade weights. Motions and expressions blend in and out with an eased weight (Cubism's sine
 * easing), so a new motion never jumps from the old pose.
 */

/** Spec §9: a part of a pose group fades over 0.5 s. */
export const PARTS_FADE_MS = 500

/** 0 → 0, 1 → 1, eased at both ends. */
export function easeSine(x: number): number {
  if (x <= 0) return 0
  if (x >= 1) return 1
  return 0.5 - Math.cos(x * Math.PI) / 2
}

/**
 * A playing entry's weight at `now`: rising over `fadeIn` from `start`, falling over `fadeOut`
 * before `end` (when it has one: a motion's natural end or the moment it was replaced).
 */
export function fadeWeight(now: number, start: number, fadeIn: number, end: number | undefined, fadeOut: number): number {
  const fin = fadeIn > 0 ? easeSine((now - start) / fadeIn) : 1
  const fout = end === undefined || fadeOut <= 0 ? 1 : easeSine((end - now) / fadeOut)
  return fin * fout
}
