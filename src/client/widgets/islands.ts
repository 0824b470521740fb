import { type RefObject, useEffect } from 'react'
import { ISLAND_ATTR, ISLAND_BODY_ATTR, ISLAND_PROPS_ATTR } from '../../shared/markup.js'
import { reportWidgetError } from './boundary.js'
import { mountWidget } from './mount.js'
import { UNLOCKED_EVENT, type UnlockedDetail } from './unlocked-event.js'

/**
 * Mounts the islands of a rendered markdown body. React does not own the body (it is
 * `dangerouslySetInnerHTML`), so each `[data-island]` marker the build wrote becomes a React
 * root of its own, over its fallback; they unmount when the body changes (navigation) or goes.
 */
export function useIslands(ref: RefObject<HTMLElement | null>, html: string): void {
  useEffect(() => {
    const body = ref.current
    if (!body) return
    const mounted = islandsIn(body).map(mountIsland)
    // A password-protected body is opened inside the password island: its islands mount then.
    const onOpen = (e: Event) => {
      const opened = (e as CustomEvent<UnlockedDetail>).detail.body
      if (body.contains(opened)) mounted.push(...islandsIn(opened).map(mountIsland))
    }
    window.addEventListener(UNLOCKED_EVENT, onOpen)
    return () => {
      window.removeEventListener(UNLOCKED_EVENT, onOpen)
      for (const unmount of mounted) unmount()
    }
  }, [ref, html])
}

/**
 * The islands of `root`, outermost only: an island inside another one's body keeps its
 * fallback (the outer one replaces it). An island around `root` is not one of them.
 */
function islandsIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)].filter((el) => {
    const outer = el.parentElement?.closest(`[${ISLAND_ATTR}]`)
    return !outer || !root.contains(outer)
  })
}

function mountIsland(el: HTMLElement): () => void {
  const name = el.getAttribute(ISLAND_ATTR) ?? ''
  let props: Record<string, unknown>
  try {
    props = JSON.parse(el.getAttribute(ISLAND_PROPS_ATTR) || '{}') as Record<string, unknown>
  } catch (err) {
    reportWidgetError(name, err)
    return () => {}
  }
  const html = el.querySelector(`[${ISLAND_BODY_ATTR}]`)?.innerHTML ?? ''
  const mounted = mountWidget(el, name, { props, html })
  return () => mounted.unmount()
}
