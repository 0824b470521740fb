import { decodeHash } from '../../shared/paths.js'

/** Scrolling rules of the spec: restore on back/forward, hash targets, otherwise the top. */
export function scrollBehavior(smooth: boolean): ScrollBehavior {
  return smooth ? 'smooth' : 'auto'
}

export function findHashTarget(hash: string): HTMLElement | null {
  if (!hash || hash === '#') return null
  const id = hash.slice(1)
  return document.getElementById(decodeHash(id)) ?? document.getElementById(id)
}

/**
 * Scroll to the element a hash names. With `focus` (a link the reader followed), keyboard focus
 * moves there too, as a browser's own fragment navigation does: a skip link or a table of
 * contents entry then continues tabbing from the target, not from the link.
 */
export function scrollToHash(hash: string, smooth: boolean, { focus = false } = {}): boolean {
  const el = findHashTarget(hash)
  if (!el) return false
  el.scrollIntoView({ behavior: scrollBehavior(smooth), block: 'start' })
  if (focus) focusTarget(el)
  return true
}

export function focusHashTarget(hash: string): void {
  const el = findHashTarget(hash)
  if (el) focusTarget(el)
}

function focusTarget(el: HTMLElement): void {
  if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) {
    // Focusable for this once only: it leaves the tab order again when focus moves on.
    el.setAttribute('tabindex', '-1')
    el.addEventListener('blur', () => el.removeAttribute('tabindex'), { once: true })
  }
  el.focus({ preventScroll: true })
}

/** Scroll positions per history entry, kept in memory and in sessionStorage (survives reload). */
export class ScrollPositions {
  private readonly map = new Map<string, number>()
  private static readonly KEY = 'gptnotes:scroll'

  constructor() {
    try {
      const saved = JSON.parse(sessionStorage.getItem(ScrollPositions.KEY) ?? '{}') as Record<string, number>
      for (const [k, v] of Object.entries(saved)) this.map.set(k, v)
    } catch {
      // storage unavailable (private mode): memory only
    }
  }

  save(key: string, y: number): void {
    this.map.set(key, y)
  }

  get(key: string): number | undefined {
    return this.map.get(key)
  }

  persist(): void {
    try {
      sessionStorage.setItem(ScrollPositions.KEY, JSON.stringify(Object.fromEntries([...this.map].slice(-50))))
    } catch {
      // ignore
    }
  }
}
