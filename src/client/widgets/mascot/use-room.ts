import { useEffect, useState } from 'react'
import { type Box, freePlace, type Place, type Room } from './room.js'

const boxOf = (r: DOMRect): Box => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom })
const shown = (r: DOMRect) => r.width > 0 && r.height > 0

/** The sidebar's items as they stand on screen: none when the drawer is closed or off-screen. */
function sidebarBox(): Box | undefined {
  const sidebar = document.querySelector('.drawer .sidebar')
  const drawer = sidebar?.closest('.drawer')
  if (!sidebar || !drawer || getComputedStyle(drawer).visibility === 'hidden') return undefined
  const d = drawer.getBoundingClientRect()
  const s = sidebar.getBoundingClientRect()
  if (!shown(s) || d.right <= 0 || d.left >= innerWidth) return undefined
  // A sidebar taller than its drawer scrolls: any of its items can reach the drawer's bottom.
  const bottom = drawer.scrollHeight > drawer.clientHeight ? d.bottom : Math.min(s.bottom, d.bottom)
  return { left: Math.max(s.left, d.left), top: Math.max(s.top, d.top), right: Math.min(s.right, d.right), bottom }
}

/** The footer's lines of text (the footer box spans the width; its text is centred). */
function footerLines(): Box[] {
  const footer = document.querySelector('.site-footer')
  if (!footer) return []
  // The text itself, node by node (a range over elements would give their full-width boxes too).
  const lines: Box[] = []
  const walker = document.createTreeWalker(footer, NodeFilter.SHOW_TEXT)
  const range = document.createRange()
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim()) continue
    range.selectNodeContents(node)
    lines.push(...[...range.getClientRects()].filter(shown).map(boxOf))
  }
  return lines
}

/** The page's layout as the mascot's placement reads it. */
export function measureRoom(): Room {
  const header = document.querySelector('.site-header')?.getBoundingClientRect()
  const sidebar = sidebarBox()
  return {
    viewport: { width: innerWidth, height: innerHeight },
    fixed: [...(header && shown(header) ? [boxOf(header)] : []), ...(sidebar ? [sidebar] : [])],
    columns: [...[...document.querySelectorAll('main > *')].map((e) => e.getBoundingClientRect()).filter(shown).map(boxOf), ...footerLines()],
  }
}

/**
 * The place the mascot fits in, re-measured when the window or the page's content changes
 * size (another route, a sidebar group opening): `undefined` while there is no room anywhere.
 * `'wait'` until the first measure (after hydration, so the server and the first render agree).
 */
export function useFreePlace(size: { width: number; height: number }, active: boolean): Place | undefined | 'wait' {
  const [place, setPlace] = useState<Place | undefined | 'wait'>('wait')
  useEffect(() => {
    if (!active) return
    let frame = 0
    const measure = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        const next = freePlace(measureRoom(), size)
        // The same place again keeps the state (no re-render on every resize step).
        setPlace((old) => (old !== 'wait' && old?.corner === next?.corner && old?.tucked === next?.tucked ? old : next))
      })
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    const main = document.querySelector('main')
    if (main) observer.observe(main)
    addEventListener('resize', measure)
    // A sidebar group opening or closing (a <details>) changes the sidebar's height, not the body's.
    document.addEventListener('toggle', measure, true)
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
      removeEventListener('resize', measure)
      document.removeEventListener('toggle', measure, true)
    }
  }, [active, size.width, size.height])
  return place
}
