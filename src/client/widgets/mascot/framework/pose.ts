/**
 * Parts fade (spec §9: 0.5 s): in a pose group one part shows at a time (its visibility
 * parameter `VISIBLE:<part>` is non-zero); when another is chosen it fades in over 0.5 s while
 * the others fade out as it covers them, so the character never flashes through nothing.
 */
import { PARTS_FADE_MS } from './fade.js'
import type { PartGroup } from './settings.js'

export const visibleParam = (part: string): string => `VISIBLE:${part}`

export class PoseFader {
  private opacity = new Map<string, number>()

  constructor(
    private readonly groups: readonly PartGroup[],
    initial: readonly { id: string; value: number }[] = [],
  ) {
    for (const g of groups) g.parts.forEach((p, i) => this.opacity.set(p, i === 0 ? 1 : 0))
    for (const { id, value } of initial) this.opacity.set(id, value)
  }

  /** Steps every group by `dt` ms; `visible(part)` reads the frame's visibility parameters. Returns part → opacity. */
  update(dt: number, visible: (part: string) => number): Map<string, number> {
    const step = Math.max(0, dt) / PARTS_FADE_MS
    for (const { parts } of this.groups) {
      const shown = parts.find((p) => visible(p) !== 0) ?? parts[0]
      const up = Math.min(1, (this.opacity.get(shown) ?? 0) + step)
      this.opacity.set(shown, up)
      for (const p of parts) if (p !== shown) this.opacity.set(p, Math.min(this.opacity.get(p) ?? 0, 1 - up))
    }
    return this.opacity
  }
}
