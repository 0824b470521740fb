/**
 * Renderer 1: 小笺 on a canvas 2D context. Needs no runtime and no file: her rig is code
 * (`draw.ts`), her motions are data (`motions.ts`).
 */
import { MascotLoadError, type Mat4, type MascotRenderer } from '../framework/renderer.js'
import type { ModelSettings } from '../framework/settings.js'
import { BODY_AREA, builtinSettings, HEAD_AREA, PARAMS, SIZE } from './character.js'
import { drawCharacter, type Palette, PALETTES } from './draw.js'

/** How fast the ahoge catches up with the head (per ms), and how far it swings. */
const HAIR_FOLLOW = 0.006

export class BuiltinRenderer implements MascotRenderer {
  readonly size = SIZE
  private ctx: CanvasRenderingContext2D | null = null
  private readonly params = new Map<string, number>()
  private readonly parts = new Map<string, number>()
  private hair = 0
  private lastAngle = 0

  constructor(private readonly palette: Palette = PALETTES.blue) {}

  async load(canvas: HTMLCanvasElement): Promise<ModelSettings> {
    this.ctx = canvas.getContext('2d')
    if (!this.ctx) throw new MascotLoadError('Failed to create 2D context.', 'webgl')
    return builtinSettings()
  }

  defaultParam(id: string): number {
    return PARAMS[id]?.[2] ?? 0
  }

  setParam(id: string, value: number): void {
    const range = PARAMS[id]
    this.params.set(id, range ? Math.min(range[1], Math.max(range[0], value)) : value)
  }

  setPartOpacity(id: string, opacity: number): void {
    this.parts.set(id, Math.min(1, Math.max(0, opacity)))
  }

  /** Her "physics": the ahoge lags behind the head's turn and settles back. */
  update(dt: number): void {
    const angle = this.p('PARAM_ANGLE_X') / 30
    const swing = Math.max(-1, Math.min(1, (angle - this.lastAngle) * 8))
    this.lastAngle = angle
    const k = Math.min(1, dt * HAIR_FOLLOW)
    this.hair += (swing - this.hair) * k
  }

  draw(mvp: Mat4): void {
    const c = this.ctx
    if (!c) return
    const { width: w, height: h } = c.canvas
    c.setTransform(1, 0, 0, 1, 0, 0)
    c.clearRect(0, 0, w, h)
    // Clip space (-1..1, y up) → canvas pixels, composed with the model → clip matrix.
    c.setTransform((mvp[0] * w) / 2, (-mvp[1] * h) / 2, (mvp[4] * w) / 2, (-mvp[5] * h) / 2, ((mvp[12] + 1) * w) / 2, ((1 - mvp[13]) * h) / 2)
    drawCharacter(c, { p: (id) => this.p(id), part: (id) => this.parts.get(id) ?? 0, hair: this.hair, palette: this.palette })
  }

  hitTest(areaId: string, x: number, y: number): boolean {
    if (areaId === 'HIT_HEAD') return ((x - HEAD_AREA.cx) / HEAD_AREA.rx) ** 2 + ((y - HEAD_AREA.cy) / HEAD_AREA.ry) ** 2 <= 1
    if (areaId === 'HIT_BODY') return x >= BODY_AREA.x0 && x <= BODY_AREA.x1 && y >= BODY_AREA.y0 && y <= BODY_AREA.y1
    return false
  }

  dispose(): void {
    this.ctx = null
  }

  private p(id: string): number {
    return this.params.get(id) ?? this.defaultParam(id)
  }
}
