/**
 * 小笺 (Xiǎo Jiān, "little note"), the built-in character: a chibi note-taker with a bob cut, a
 * pencil hair clip and a notebook, drawn for this project. Her settings in the framework's shape:
 * groups, expressions, hit areas, the arm pose group, and each parameter's range and default.
 */
import type { ModelSettings } from '../framework/settings.js'
import { EXPRESSIONS, MOTIONS } from './motions.js'

/** Her model units: 300 × 440, origin top-left, y down. */
export const SIZE = { width: 300, height: 440 } as const

/** Parameter → [min, max, default]. Values outside are clamped. */
export const PARAMS: Readonly<Record<string, readonly [number, number, number]>> = {
  PARAM_ANGLE_X: [-30, 30, 0],
  PARAM_ANGLE_Y: [-30, 30, 0],
  PARAM_ANGLE_Z: [-30, 30, 0],
  PARAM_EYE_L_OPEN: [0, 1.3, 1],
  PARAM_EYE_R_OPEN: [0, 1.3, 1],
  PARAM_EYE_SMILE: [0, 1, 0],
  PARAM_EYE_BALL_X: [-1, 1, 0],
  PARAM_EYE_BALL_Y: [-1, 1, 0],
  PARAM_BROW_Y: [-1, 1, 0],
  PARAM_MOUTH_OPEN_Y: [0, 1, 0],
  PARAM_MOUTH_FORM: [-1, 1, 0.3],
  PARAM_CHEEK: [0, 1, 0],
  PARAM_SPARKLE: [0, 1, 0],
  PARAM_BODY_ANGLE_X: [-10, 10, 0],
  PARAM_BODY_Y: [0, 1, 0],
  PARAM_BREATH: [0, 1, 0],
  PARAM_ARM_R: [-1, 1, 0],
  PARAM_ZZZ: [0, 1, 0],
}

/** Hit areas in model units: the head's ellipse and the body's box. */
export const HEAD_AREA = { cx: 150, cy: 150, rx: 118, ry: 112 } as const
export const BODY_AREA = { x0: 70, x1: 230, y0: 255, y1: 440 } as const

export function builtinSettings(): ModelSettings {
  const motions = Object.fromEntries(Object.entries(MOTIONS).map(([group, list]) => [group, list.map((make) => ({ load: async () => make() }))]))
  return {
    name: '小笺',
    motions,
    expressions: Object.entries(EXPRESSIONS).map(([name, e]) => ({ name, load: async () => e })),
    hitAreas: [
      { name: 'head', id: 'HIT_HEAD' },
      { name: 'body', id: 'HIT_BODY' },
    ],
    layout: { width: 2, centerX: 0, centerY: 0 },
    pose: [{ parts: ['PARTS_NOTE', 'PARTS_WAVE'] }],
  }
}
