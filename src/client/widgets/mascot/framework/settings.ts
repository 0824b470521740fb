/**
 * A model's settings (spec §3 "Mascot model settings"), as the framework reads them: one shape
 * whatever the source. A Cubism model.json (any dialect) is read into this by its renderer; the
 * built-in character writes it directly.
 */
import type { Expression } from './expression.js'
import type { Motion } from './motion.js'

/** One motion of a group: loaded when first played (Cubism: a `.mtn` file). */
export interface MotionEntry {
  load(): Promise<Motion>
  /** A sound to play with it (never played by default: readers did not ask for sound). */
  sound?: string
  /** Fade in/out in ms, overriding the motion's own. */
  fadeIn?: number
  fadeOut?: number
}

export interface ExpressionEntry {
  name: string
  load(): Promise<Expression>
}

/** `hit_areas_custom`: ranges in model view units, each `[min, max]`. */
export interface CustomHitAreas {
  headX?: readonly [number, number]
  headY?: readonly [number, number]
  bodyX?: readonly [number, number]
  bodyY?: readonly [number, number]
}

/** Where the model sits in the logical view (Cubism's `layout`); left out: width 2, centred. */
export interface Layout {
  width?: number
  height?: number
  centerX?: number
  centerY?: number
  x?: number
  y?: number
  top?: number
  bottom?: number
  left?: number
  right?: number
}

/** A group of parts of which one shows at a time (Cubism's pose), crossfaded over 0.5 s. */
export interface PartGroup {
  /** Part ids; the first whose visibility parameter (`VISIBLE:<id>`) is non-zero shows. */
  parts: readonly string[]
}

export interface ModelSettings {
  name: string
  /** Motions by group name (`idle`, `tap_body`, `""`…). */
  motions: Readonly<Record<string, readonly MotionEntry[]>>
  expressions: readonly ExpressionEntry[]
  /** Declared hit areas: `name` (`head`, `body`) → the renderer's id. */
  hitAreas: readonly { name: string; id: string }[]
  hitAreasCustom?: CustomHitAreas
  layout?: Layout
  pose?: readonly PartGroup[]
  /** `init_param`: starting values. */
  initParams?: readonly { id: string; value: number }[]
  /** `init_parts_visible`: starting part opacities. */
  initPartsVisible?: readonly { id: string; value: number }[]
}
