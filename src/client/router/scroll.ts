/** Scrolling rules of the spec: restore on back/forward, hash targets, otherwise the top. */
export function scrollBehavior(smooth: boolean): ScrollBehavior {
  return smooth ? 'smooth' : 'auto'
}

export function findHashTarget(hash: string): HTMLElement | null {
  if (!hash || hash === '#') return null
  const id = hash.slice(1)
  let decoded = id
  try {
    decoded = decodeURIComponent(id)
  } catch {
    // keep the raw id
  }
  return document.getElementById(decoded) ?? document.getElementById(id)
}

export function scrollToHash(hash: string, smooth: boolean): boolean {
  const el = findHashTarget(hash)
  if (!el) return false
  el.scrollIntoView({ behavior: scrollBehavior(smooth), block: 'start' })
  return true
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
