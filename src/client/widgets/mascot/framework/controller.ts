/**
 * One character on one canvas: each frame it runs the motion (idle or sleepy when nothing else
 * plays), the blink, the expression, the pointer following, the sway and the parts fade, in
 * that order, and hands the renderer the result. Taps and zooms come in as canvas CSS pixels.
 * No DOM here: the overlay owns the loop and the listeners, tests drive `frame(now)` directly.
 */
import { EyeBlink } from './blink.js'
import { DragFollower, dragParams } from './drag.js'
import { ExpressionPlayer } from './expression.js'
import { GROUP, lookupGroup, pick } from './groups.js'
import { pinchGroup, type TapAction, tapAction } from './hit-areas.js'
import { MotionManager, PRIORITY, type Priority } from './motion-manager.js'
import { PoseFader, visibleParam } from './pose.js'
import type { MascotRenderer } from './renderer.js'
import type { ModelSettings } from './settings.js'
import { swayParams } from './sway.js'
import { type Affine, invert, modelMatrix, ViewTransform } from './view.js'

export const EYE_L = 'PARAM_EYE_L_OPEN'
export const EYE_R = 'PARAM_EYE_R_OPEN'
export const BREATH = 'PARAM_BREATH'

export interface ControllerDeps {
  /** Whether the session flag says sleepy (the idle loop then picks the sleepy group). */
  isSleepy?: () => boolean
  random?: () => number
  /** A motion or expression file that failed: logged, never shown. */
  onError?: (err: unknown) => void
}

export class MascotController {
  readonly motions = new MotionManager()
  readonly view: ViewTransform
  private readonly blink: EyeBlink
  private readonly drag = new DragFollower()
  private readonly expressions = new ExpressionPlayer()
  private readonly pose: PoseFader
  private readonly model: Affine
  private readonly random: () => number
  /** The parameters after motion and blink, kept between frames (additions are not). */
  private base = new Map<string, number>()
  private last: number | undefined
  private expression = -1

  constructor(
    private readonly renderer: MascotRenderer,
    readonly settings: ModelSettings,
    canvasSize: { width: number; height: number },
    private readonly deps: ControllerDeps = {},
  ) {
    this.random = deps.random ?? Math.random
    this.blink = new EyeBlink(this.random)
    this.view = new ViewTransform(canvasSize.width, canvasSize.height)
    this.model = modelMatrix(renderer.size.width, renderer.size.height, settings.layout)
    this.pose = new PoseFader(settings.pose ?? [], settings.initPartsVisible)
    for (const { id, value } of settings.initParams ?? []) this.base.set(id, value)
  }

  /** Plays a random motion of `group` (or its fallback) if `priority` allows; false if not. */
  startRandom(group: string, priority: Priority, now: number): boolean {
    const found = lookupGroup(this.settings.motions, group)
    if (!found || !this.motions.reserve(priority)) return false
    const entry = found.entries[pick(found.entries.length, this.random)]
    entry.load().then(
      (motion) => this.motions.start(motion, priority, Math.max(now, this.last ?? now), entry),
      (err: unknown) => {
        this.motions.release(priority)
        this.deps.onError?.(err)
      },
    )
    return true
  }

  /** A random expression, another than the one shown when there is a choice. */
  randomExpression(now: number): void {
    const list = this.settings.expressions
    if (!list.length) return
    let i = pick(list.length, this.random)
    if (list.length > 1 && i === this.expression) i = (i + 1) % list.length
    this.expression = i
    list[i].load().then(
      (e) => this.expressions.show(e, Math.max(now, this.last ?? now)),
      (err: unknown) => this.deps.onError?.(err),
    )
  }

  /** The pointer at canvas CSS px (anywhere on the page): the face turns towards it. */
  look(px: number, py: number): void {
    const [x, y] = this.view.screenToView(...this.view.deviceToScreen(px, py))
    this.drag.setTarget(x, y)
  }

  /** A tap at canvas CSS px; returns what it did (undefined: it missed the character). */
  tap(px: number, py: number, now: number): TapAction | undefined {
    const view = this.view.screenToView(...this.view.deviceToScreen(px, py))
    const action = tapAction(this.settings, (id, x, y) => this.renderer.hitTest(id, x, y), view, invert(this.model, ...view))
    if (action?.kind === 'expression') this.randomExpression(now)
    else if (action) this.startRandom(action.group, PRIORITY.normal, now)
    return action
  }

  /** A pinch (or ctrl+wheel) by `factor` around canvas CSS px. */
  zoom(factor: number, px: number, py: number, now: number): void {
    const limit = this.view.zoom(factor, ...this.view.deviceToScreen(px, py))
    if (limit) this.startRandom(pinchGroup(limit), PRIORITY.normal, now)
  }

  /** One frame at `now` (ms): computes every parameter, then the renderer updates and draws. */
  frame(now: number): Map<string, number> {
    const dt = this.last === undefined ? 0 : now - this.last
    this.last = now
    if (this.motions.isFinished(now)) {
      const sleepy = this.deps.isSleepy?.() ?? false
      this.startRandom(sleepy ? GROUP.sleepy : GROUP.idle, sleepy ? PRIORITY.sleepy : PRIORITY.idle, now)
    }
    const values = new Map(this.base)
    const get = (id: string) => values.get(id) ?? this.renderer.defaultParam(id)
    const set = (id: string, v: number) => values.set(id, v)
    this.motions.apply(now, (id, v, w) => set(id, get(id) + (v - get(id)) * w))
    // A motion that moves the eyes (sleepy ones close them) overrides the blink.
    if (!this.motions.controls(EYE_L, now)) {
      const open = this.blink.openness(now)
      set(EYE_L, open)
      set(EYE_R, open)
    }
    this.base = new Map(values)
    this.expressions.apply(now, get, set)
    this.drag.update(now)
    for (const [id, add] of dragParams(this.drag.x, this.drag.y)) set(id, get(id) + add)
    const sway = swayParams(now)
    for (const [id, add] of sway.add) set(id, get(id) + add)
    set(BREATH, sway.breath)
    const parts = this.pose.update(dt, (part) => values.get(visibleParam(part)) ?? 0)
    for (const [id, opacity] of parts) this.renderer.setPartOpacity(id, opacity)
    for (const [id, v] of values) if (!id.startsWith('VISIBLE:')) this.renderer.setParam(id, v)
    this.renderer.update(dt)
    this.renderer.draw(this.view.mvp(this.model))
    return values
  }
}
