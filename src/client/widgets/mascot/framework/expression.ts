/**
 * Expressions: a set of parameter changes held until the next expression (a smile, a blush),
 * faded in while the previous one fades out. Live2D's `.exp.json` files read into the same
 * shape with `parseExpression`.
 */
import { fadeWeight } from './fade.js'
import { MOTION_FADE_DEFAULT } from './motion.js'

export type Blend = 'add' | 'multiply' | 'set'

export interface Expression {
  fadeIn: number
  fadeOut: number
  /** `add` adds to the value, `multiply` scales it, `set` replaces it. */
  params: readonly { id: string; value: number; blend: Blend }[]
}

/** Reads an `.exp.json` (values relative to `def`, `calc` add/mult/set), fades defaulting to 1000 ms. */
export function parseExpression(json: unknown): Expression {
  const o = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d)
  const params = (Array.isArray(o.params) ? o.params : []).flatMap((p: unknown): Expression['params'][number][] => {
    const q = (p && typeof p === 'object' ? p : {}) as Record<string, unknown>
    if (typeof q.id !== 'string') return []
    const val = num(q.val, 0)
    if (q.calc === 'set') return [{ id: q.id, value: val, blend: 'set' }]
    if (q.calc === 'mult') return [{ id: q.id, value: val / (num(q.def, 1) || 1), blend: 'multiply' }]
    return [{ id: q.id, value: val - num(q.def, 0), blend: 'add' }]
  })
  return { fadeIn: num(o.fade_in, MOTION_FADE_DEFAULT), fadeOut: num(o.fade_out, MOTION_FADE_DEFAULT), params }
}

interface Shown {
  expression: Expression
  start: number
  end: number | undefined
}

export class ExpressionPlayer {
  private shown: Shown[] = []

  show(expression: Expression, now: number): void {
    for (const s of this.shown) s.end ??= now + s.expression.fadeOut
    this.shown.push({ expression, start: now, end: undefined })
  }

  /** Applies the expressions at `now` through `get`/`set` of the frame's parameter values. */
  apply(now: number, get: (id: string) => number, set: (id: string, value: number) => void): void {
    this.shown = this.shown.filter((s) => s.end === undefined || now < s.end)
    for (const s of this.shown) {
      const w = fadeWeight(now, s.start, s.expression.fadeIn, s.end, s.expression.fadeOut)
      for (const p of s.expression.params) {
        const cur = get(p.id)
        if (p.blend === 'add') set(p.id, cur + p.value * w)
        else if (p.blend === 'multiply') set(p.id, cur * (1 + (p.value - 1) * w))
        else set(p.id, cur + (p.value - cur) * w)
      }
    }
  }
}
