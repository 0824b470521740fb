/**
 * The idle sway: slow sine waves on the head angles, the body angle and breathing, added on top
 * of whatever motion plays, so the character never freezes. Periods are unrelated to each
 * other, so the sum never visibly repeats.
 */
const TAU = Math.PI * 2

/** [parameter, amplitude, period in seconds]; breathing is set (0–1), the angles added. */
const WAVES: readonly (readonly [string, number, number])[] = [
  ['PARAM_ANGLE_X', 15, 6.5345],
  ['PARAM_ANGLE_Y', 8, 3.5345],
  ['PARAM_ANGLE_Z', 10, 5.5345],
  ['PARAM_BODY_ANGLE_X', 4, 15.5345],
]
export const BREATH_PERIOD = 3.2345

export function swayParams(now: number): { add: [string, number][]; breath: number } {
  const s = now / 1000
  return {
    add: WAVES.map(([id, amp, period]) => [id, amp * Math.sin((TAU * s) / period)]),
    breath: 0.5 + 0.5 * Math.sin((TAU * s) / BREATH_PERIOD),
  }
}
