/**
 * The view transform (spec §9). The canvas shows the logical view -1..1 across its width (and
 * ±height/width up and down, y up); the reader may zoom between 0.8× and 2× and the view never
 * leaves the area -2..2. A model is placed in the view by its layout (width 2, centred, unless
 * it says otherwise). Pure arithmetic: the overlay feeds it pointer positions.
 */
import type { Mat4 } from './renderer.js'
import type { Layout } from './settings.js'

export const VIEW = { minScale: 0.8, maxScale: 2, logical: 1, max: 2 } as const

/** x' = sx·x + tx, y' = sy·y + ty. */
export interface Affine {
  sx: number
  sy: number
  tx: number
  ty: number
}

export const clampScale = (s: number): number => Math.min(VIEW.maxScale, Math.max(VIEW.minScale, s))

/**
 * Model units (origin top-left, y down, `width`×`height`) → view units, by the model's layout.
 */
export function modelMatrix(width: number, height: number, layout: Layout = {}): Affine {
  const s = (layout.width ?? (layout.height !== undefined ? (layout.height * width) / height : 2)) / width
  const w = width * s
  const h = height * s
  let tx = (layout.centerX ?? 0) - w / 2
  let ty = (layout.centerY ?? 0) + h / 2
  if (layout.x !== undefined) tx = layout.x
  if (layout.y !== undefined) ty = layout.y
  if (layout.left !== undefined) tx = layout.left
  if (layout.right !== undefined) tx = layout.right - w
  if (layout.top !== undefined) ty = layout.top
  if (layout.bottom !== undefined) ty = layout.bottom + h
  return { sx: s, sy: -s, tx, ty }
}

export class ViewTransform {
  scale = 1
  tx = 0
  ty = 0

  constructor(
    /** The canvas's CSS size. */
    readonly width: number,
    readonly height: number,
  ) {}

  /** Half the logical view's height (its width is -1..1). */
  get ratio(): number {
    return this.height / this.width
  }

  /** A point in CSS px from the canvas's top-left → the logical screen (-1..1 across, y up). */
  deviceToScreen(px: number, py: number): [number, number] {
    return [((px - this.width / 2) * 2) / this.width, (-(py - this.height / 2) * 2) / this.width]
  }

  /** The logical screen → view units (undoing the zoom and pan). */
  screenToView(x: number, y: number): [number, number] {
    return [(x - this.tx) / this.scale, (y - this.ty) / this.scale]
  }

  /**
   * Zooms by `factor` around the screen point (x, y), within 0.8–2, keeping the view inside
   * -2..2. Says when the zoom reached a limit (`max`, `min`): pinch gestures play motions there.
   */
  zoom(factor: number, x = 0, y = 0): 'max' | 'min' | undefined {
    const next = clampScale(this.scale * factor)
    const k = next / this.scale
    // The point under the fingers stays where it is.
    this.tx = x - (x - this.tx) * k
    this.ty = y - (y - this.ty) * k
    this.scale = next
    this.clampTranslate()
    if (factor > 1 && next === VIEW.maxScale) return 'max'
    if (factor < 1 && next === VIEW.minScale) return 'min'
    return undefined
  }

  /** The edge of the -2..2 area may come to the screen's edge, never inside it. */
  private clampTranslate(): void {
    const fit = (t: number, half: number) => {
      const lo = half - VIEW.max * this.scale
      const hi = -half + VIEW.max * this.scale
      return lo > hi ? 0 : Math.min(hi, Math.max(lo, t))
    }
    this.tx = fit(this.tx, VIEW.logical)
    this.ty = fit(this.ty, this.ratio)
  }

  /** Model units → clip space (what a renderer draws with): model, then view, then projection. */
  mvp(model: Affine): Mat4 {
    const a = this.scale * model.sx
    const e = this.scale * model.tx + this.tx
    const d = (this.scale * model.sy) / this.ratio
    const f = (this.scale * model.ty + this.ty) / this.ratio
    return [a, 0, 0, 0, 0, d, 0, 0, 0, 0, 1, 0, e, f, 0, 1]
  }
}

/** Undoes an affine: view units → model units. */
export function invert(m: Affine, x: number, y: number): [number, number] {
  return [(x - m.tx) / m.sx, (y - m.ty) / m.sy]
}
