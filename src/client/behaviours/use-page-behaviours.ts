import { useEffect } from 'react'
import { CODE_GROUP_ATTR, CONTENT_SELECTOR } from '../../shared/markup.js'
import type { RouteData } from '../../shared/types.js'
import { loadOnce } from '../lazy.js'
import { UNLOCKED_EVENT } from '../widgets/unlocked-event.js'
import { addCopyButtons, CODE_COPY_DELAY } from './code-copy.js'
import { closeImageZoom, installImageZoom } from './image-zoom.js'

const loadCodeGroups = loadOnce(() => import('./code-group.js'))

/**
 * Behaviours attached to the rendered article after each navigation: code copy buttons, image
 * zoom and code groups' tabs (per-page copy protection is a widget of its own, src/client/widgets). Everything happens in effects, so the server HTML and the
 * hydrated DOM stay identical; each effect undoes itself before the next route's runs, so
 * navigating never duplicates a button or a listener.
 */
export function usePageBehaviours(route: RouteData): void {
  // One delegated listener serves the images of every page.
  useEffect(installImageZoom, [])

  useEffect(() => {
    const addAll = () => {
      for (const content of document.querySelectorAll(CONTENT_SELECTOR)) addCopyButtons(content)
    }
    const timer = setTimeout(addAll, CODE_COPY_DELAY)
    // A password-protected body arrives when the reader opens it (blocks with a button are skipped).
    const onOpen = () => setTimeout(addAll)
    window.addEventListener(UNLOCKED_EVENT, onOpen)
    return () => {
      clearTimeout(timer)
      window.removeEventListener(UNLOCKED_EVENT, onOpen)
      closeImageZoom() // its image belongs to the page being left
    }
  }, [route])

  // Code groups are rare: their tabs' code loads only on a page that has one, at once (the
  // blocks show one under another until then).
  useEffect(() => {
    if (!document.querySelector(`${CONTENT_SELECTOR} [${CODE_GROUP_ATTR}]`)) return
    let cancelled = false
    void loadCodeGroups().then(({ makeCodeGroupTabs }) => {
      if (!cancelled) for (const content of document.querySelectorAll(CONTENT_SELECTOR)) makeCodeGroupTabs(content)
    })
    return () => {
      cancelled = true
    }
  }, [route])
}
