/**
 * What a tap does (spec §4): a head tap shows a random expression, a body tap plays a random
 * `tap_body` motion; a model with custom areas instead (`hit_areas_custom`) plays `flick_head`
 * on its head and `tap_body` on its body; a model with neither reacts anywhere with `tap_body`.
 * Pinching the view to its largest plays `pinch_in`, to its smallest `pinch_out`.
 */
import { GROUP } from './groups.js'
import type { ModelSettings } from './settings.js'

export type TapAction = { kind: 'expression' } | { kind: 'motion'; group: string }

export const HEAD = 'head'
export const BODY = 'body'

/**
 * The action for a tap at `view` (view units) and `model` (model units); `hit(id, x, y)` is the
 * renderer's hit test. Undefined: the tap missed the character.
 */
export function tapAction(
  settings: Pick<ModelSettings, 'hitAreas' | 'hitAreasCustom' | 'expressions'>,
  hit: (id: string, x: number, y: number) => boolean,
  view: readonly [number, number],
  model: readonly [number, number],
): TapAction | undefined {
  const area = (name: string) => settings.hitAreas.find((a) => a.name.toLowerCase() === name)
  const head = area(HEAD)
  const body = area(BODY)
  if (head && hit(head.id, model[0], model[1])) {
    return settings.expressions.length ? { kind: 'expression' } : { kind: 'motion', group: GROUP.flickHead }
  }
  if (body && hit(body.id, model[0], model[1])) return { kind: 'motion', group: GROUP.tapBody }
  const custom = settings.hitAreasCustom
  if (custom) {
    if (inside(custom.headX, custom.headY, view)) return { kind: 'motion', group: GROUP.flickHead }
    if (inside(custom.bodyX, custom.bodyY, view)) return { kind: 'motion', group: GROUP.tapBody }
    return undefined
  }
  if (!head && !body) return { kind: 'motion', group: GROUP.tapBody }
  return undefined
}

function inside(xs: readonly [number, number] | undefined, ys: readonly [number, number] | undefined, [x, y]: readonly [number, number]): boolean {
  return !!xs && !!ys && x >= Math.min(...xs) && x <= Math.max(...xs) && y >= Math.min(...ys) && y <= Math.max(...ys)
}

/** The group a zoom limit plays. */
export function pinchGroup(limit: 'max' | 'min'): string {
  return limit === 'max' ? GROUP.pinchIn : GROUP.pinchOut
}
