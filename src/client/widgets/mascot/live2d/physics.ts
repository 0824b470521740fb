/**
 * `physics.json` (`physics_hair`: a pendulum per strand, driven by source parameters, moving
 * target parameters) set up on the core's `PhysicsHair`, which does the simulation.
 */
import type { CubismCore, CubismModel, CubismPhysicsHair } from './core.js'

interface Param {
  id?: unknown
  ptype?: unknown
  scale?: unknown
  weight?: unknown
}

const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d)

export class Physics {
  private constructor(private readonly hairs: CubismPhysicsHair[]) {}

  static read(core: CubismCore, json: unknown): Physics {
    const list = (json as { physics_hair?: unknown })?.physics_hair
    const { Src, Target } = core.PhysicsHair
    const src: Record<string, string> = { x: Src.SRC_TO_X, y: Src.SRC_TO_Y, angle: Src.SRC_TO_G_ANGLE }
    const target: Record<string, string> = { angle: Target.TARGET_FROM_ANGLE, angle_v: Target.TARGET_FROM_ANGLE_V }
    const hairs = (Array.isArray(list) ? list : []).map((h: { setup?: { length?: unknown; regist?: unknown; mass?: unknown }; src?: unknown; targets?: unknown }) => {
      const hair = new core.PhysicsHair()
      hair.setup(num(h.setup?.length, 0), num(h.setup?.regist, 0), num(h.setup?.mass, 0))
      for (const p of (Array.isArray(h.src) ? h.src : []) as Param[]) {
        if (typeof p.id === 'string' && typeof p.ptype === 'string' && src[p.ptype]) hair.addSrcParam(src[p.ptype], p.id, num(p.scale, 1), num(p.weight, 1))
      }
      for (const p of (Array.isArray(h.targets) ? h.targets : []) as Param[]) {
        if (typeof p.id === 'string' && typeof p.ptype === 'string' && target[p.ptype]) hair.addTargetParam(target[p.ptype], p.id, num(p.scale, 1), num(p.weight, 1))
      }
      return hair
    })
    return new Physics(hairs)
  }

  update(model: CubismModel, time: number): void {
    for (const h of this.hairs) h.update(model, time)
  }
}
