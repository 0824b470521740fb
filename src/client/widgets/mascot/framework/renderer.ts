/**
 * The one interface between the mascot framework and whatever draws a character. The framework
 * (motions, blink, sway, drag, expressions, parts fade, hit dispatch) owns every parameter
 * value; each frame it hands the renderer the final values, then asks it to update and draw.
 * A renderer is a puppet: it keeps no motion state of its own.
 *
 * Two renderers fit it: the built-in character (`../builtin/renderer.ts`, canvas 2D) and a
 * Live2D Cubism 2 renderer over the site owner's Cubism 2.1 core (WebGL): `load` reads the
 * model settings, moc and textures; `setParam` is `setParamFloat`; `setPartOpacity` is
 * `setPartsOpacity`; `update` runs the core's physics and `update()`; `draw` takes the matrix
 * for `setMatrix` then calls `draw()`; `hitTest` checks the bounding box of a draw data's
 * transformed points (`getDrawDataIndex` + `getTransformedPoints`).
 */
import type { ModelSettings } from './settings.js'

/** A 4×4 matrix, column-major (WebGL's and Cubism's `setMatrix` order). */
export type Mat4 = readonly number[]

export interface MascotRenderer {
  /**
   * Loads the model into `canvas` and resolves with its settings. Rejects with a
   * `MascotLoadError` (a resource that did not load, no WebGL): the overlay logs it and hides.
   */
  load(canvas: HTMLCanvasElement): Promise<ModelSettings>
  /** The model's own size in its units (Cubism's canvas width/height); the framework fits it to the view. */
  readonly size: { width: number; height: number }
  /** A parameter's value as the model defines it before anything moves it (its default). */
  defaultParam(id: string): number
  /** Sets a parameter for the next `update` (values outside the parameter's range are clamped by the renderer). */
  setParam(id: string, value: number): void
  /** Sets a part's opacity, 0–1 (Cubism's parts, e.g. the two arm poses). */
  setPartOpacity(id: string, opacity: number): void
  /** Applies the parameters to the geometry; `dt` (ms since the last frame) lets it run physics. */
  update(dt: number): void
  /** Draws the model with `mvp`: model units → clip space (-1..1 both ways, y up). */
  draw(mvp: Mat4): void
  /** Whether the point (model units) is inside the hit area with this id (`D_REF.HEAD`). */
  hitTest(areaId: string, x: number, y: number): boolean
  /** Frees the canvas context, textures and timers. */
  dispose(): void
}

/** A failure the overlay logs (spec §8) before hiding the mascot. Never shown to readers. */
export class MascotLoadError extends Error {
  constructor(
    message: string,
    /** `resource`: a file not loaded; `webgl`: no context; `model`: a file that is not a model. */
    readonly kind: 'resource' | 'webgl' | 'model',
  ) {
    super(message)
    this.name = 'MascotLoadError'
  }
}
