/**
 * 小笺's motions and expressions, as keyframes (seconds → value) baked into the framework's
 * motion format. Groups follow the spec's names, so the framework plays them like any model's.
 */
import type { Expression } from '../framework/expression.js'
import { bake, type Keys, type Motion } from '../framework/motion.js'

const wave = (from: number, to: number, step: number, a: number, b: number): Keys => {
  const keys: [number, number][] = []
  for (let t = from, i = 0; t <= to + 1e-9; t += step, i++) keys.push([round(t), i % 2 ? b : a])
  return keys
}
const round = (n: number) => Math.round(n * 100) / 100

export const MOTIONS: Record<string, (() => Motion)[]> = {
  idle: [
    // Looks around, then back.
    () => bake({ PARAM_ANGLE_X: [[0, 0], [1.4, 9], [2.8, -7], [4.2, 0]], PARAM_EYE_BALL_X: [[0, 0], [1.4, 0.5], [2.8, -0.4], [4.2, 0]], PARAM_MOUTH_FORM: [[0, 0.4], [4.2, 0.4]] }),
    // Hums a tune.
    () => bake({ PARAM_ANGLE_Z: [[0, 0], [1, 6], [2, -6], [3, 6], [4, 0]], PARAM_MOUTH_OPEN_Y: wave(0.4, 3.6, 0.4, 0.05, 0.35), PARAM_MOUTH_FORM: [[0, 0.8], [4, 0.8]] }),
    // Glances down at her notes.
    () => bake({ PARAM_ANGLE_Y: [[0, 0], [1, -12], [3.6, -12], [4.6, 0]], PARAM_EYE_BALL_Y: [[0, 0], [1, -0.7], [3.6, -0.7], [4.6, 0]], PARAM_MOUTH_FORM: [[0, 0.3], [4.6, 0.3]] }),
  ],
  sleepy: [
    // Dozes off: eyes close, head droops, a bubble of Zs.
    () =>
      bake({
        PARAM_EYE_L_OPEN: [[0, 0.5], [1.2, 0.1], [2, 0], [6, 0]],
        PARAM_EYE_R_OPEN: [[0, 0.5], [1.2, 0.1], [2, 0], [6, 0]],
        PARAM_ANGLE_Y: [[0, -6], [2, -16], [6, -16]],
        PARAM_ANGLE_Z: [[0, 0], [2, -12], [6, -12]],
        PARAM_MOUTH_OPEN_Y: [[0, 0], [3, 0.25], [4.5, 0.1], [6, 0.25]],
        PARAM_ZZZ: [[0, 0], [1.5, 0], [3, 1], [6, 1]],
      }),
    // Nods and catches herself.
    () =>
      bake({
        PARAM_EYE_L_OPEN: [[0, 0], [2.5, 0], [2.8, 0.4], [3.4, 0.1], [4, 0], [6, 0]],
        PARAM_EYE_R_OPEN: [[0, 0], [2.5, 0], [2.8, 0.4], [3.4, 0.1], [4, 0], [6, 0]],
        PARAM_ANGLE_Y: [[0, -16], [2.4, -24], [2.8, -4], [4, -16], [6, -16]],
        PARAM_ANGLE_Z: [[0, -12], [6, -12]],
        PARAM_ZZZ: [[0, 1], [2.4, 1], [2.8, 0], [4, 0], [5, 1], [6, 1]],
      }),
  ],
  tap_body: [
    // Waves hello (the waving arm crossfades in over the notebook arm).
    () =>
      bake(
        {
          'VISIBLE:PARTS_WAVE': [[0, 1], [2.2, 1], [2.3, 0]],
          PARAM_ARM_R: wave(0, 2.2, 0.3, -1, 1),
          PARAM_MOUTH_OPEN_Y: [[0, 0], [0.3, 0.6], [2, 0.5], [2.3, 0]],
          PARAM_MOUTH_FORM: [[0, 1], [2.3, 1]],
          PARAM_EYE_SMILE: [[0, 0], [0.3, 1], [2, 1], [2.3, 0]],
          PARAM_ANGLE_Z: [[0, 0], [0.6, 8], [2.3, 0]],
        },
        { fadeIn: 300, fadeOut: 500 },
      ),
    // A little hop.
    () =>
      bake(
        {
          PARAM_BODY_Y: [[0, 0], [0.25, 1], [0.5, 0], [0.75, 1], [1, 0]],
          PARAM_EYE_SMILE: [[0, 0], [0.2, 1], [1.2, 1], [1.4, 0]],
          PARAM_MOUTH_OPEN_Y: [[0, 0], [0.2, 0.7], [1.2, 0.7], [1.4, 0]],
          PARAM_MOUTH_FORM: [[0, 1], [1.4, 1]],
        },
        { fadeIn: 200, fadeOut: 400 },
      ),
  ],
  flick_head: [
    // Shakes her head, pouting.
    () =>
      bake(
        { PARAM_ANGLE_X: [[0, 0], [0.2, -22], [0.45, 20], [0.7, -14], [0.95, 8], [1.2, 0]], PARAM_BROW_Y: [[0, 0], [0.2, -0.8], [1.2, -0.8], [1.5, 0]], PARAM_MOUTH_FORM: [[0, -0.8], [1.5, -0.8]], PARAM_CHEEK: [[0, 0], [0.3, 1], [1.5, 1]] },
        { fadeIn: 200, fadeOut: 500 },
      ),
  ],
  pinch_in: [
    () => bake({ PARAM_EYE_L_OPEN: [[0, 1], [0.2, 1.25], [1.5, 1.25]], PARAM_EYE_R_OPEN: [[0, 1], [0.2, 1.25], [1.5, 1.25]], PARAM_BROW_Y: [[0, 0], [0.2, 1], [1.5, 1]], PARAM_MOUTH_OPEN_Y: [[0, 0], [0.2, 0.8], [1.5, 0.6]], PARAM_MOUTH_FORM: [[0, -0.2], [1.5, -0.2]] }, { fadeIn: 200 }),
  ],
  pinch_out: [
    () => bake({ PARAM_ANGLE_Z: [[0, 0], [0.4, -10], [0.8, 10], [1.2, -6], [1.6, 0]], PARAM_EYE_SMILE: [[0, 1], [1.6, 1]], PARAM_MOUTH_FORM: [[0, 0.5], [1.6, 0.5]] }, { fadeIn: 200 }),
  ],
  shake: [
    () => bake({ PARAM_ANGLE_X: [[0, 0], [0.15, -25], [0.3, 25], [0.45, -25], [0.6, 25], [0.8, 0]], PARAM_EYE_SMILE: [[0, 1], [0.8, 1]] }, { fadeIn: 100, fadeOut: 300 }),
  ],
}

const expression = (params: Expression['params']): Expression => ({ fadeIn: 500, fadeOut: 500, params })

export const EXPRESSIONS: Record<string, Expression> = {
  smile: expression([{ id: 'PARAM_EYE_SMILE', value: 1, blend: 'set' }, { id: 'PARAM_MOUTH_FORM', value: 1, blend: 'set' }, { id: 'PARAM_CHEEK', value: 0.4, blend: 'add' }]),
  surprised: expression([
    { id: 'PARAM_EYE_L_OPEN', value: 1.25, blend: 'multiply' },
    { id: 'PARAM_EYE_R_OPEN', value: 1.25, blend: 'multiply' },
    { id: 'PARAM_BROW_Y', value: 1, blend: 'set' },
    { id: 'PARAM_MOUTH_OPEN_Y', value: 0.7, blend: 'set' },
    { id: 'PARAM_MOUTH_FORM', value: -0.3, blend: 'set' },
  ]),
  shy: expression([{ id: 'PARAM_CHEEK', value: 1, blend: 'set' }, { id: 'PARAM_EYE_BALL_Y', value: -0.6, blend: 'add' }, { id: 'PARAM_MOUTH_FORM', value: 0.3, blend: 'set' }]),
  pout: expression([{ id: 'PARAM_MOUTH_FORM', value: -1, blend: 'set' }, { id: 'PARAM_BROW_Y', value: -0.7, blend: 'set' }, { id: 'PARAM_CHEEK', value: 0.5, blend: 'add' }]),
  starry: expression([{ id: 'PARAM_SPARKLE', value: 1, blend: 'set' }, { id: 'PARAM_MOUTH_OPEN_Y', value: 0.5, blend: 'set' }, { id: 'PARAM_MOUTH_FORM', value: 1, blend: 'set' }]),
}
