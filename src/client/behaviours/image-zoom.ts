import { CONTENT_SELECTOR } from '../../shared/markup.js'
import { loadOnce } from '../lazy.js'

/*
 * Image zoom: a delegated click listener, always present and tiny; the preview itself
 * (image-zoom-view.ts) is downloaded on the first click on an image.
 */
const CONTENT_IMAGE = `${CONTENT_SELECTOR} img`

let view: typeof import('./image-zoom-view.js') | undefined
const loadView = loadOnce(() => import('./image-zoom-view.js'))

/** Close the zoom if one is open (e.g. when the route changes). */
export function closeImageZoom(): void {
  view?.closeImageZoom()
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const img = (event.target as Element | null)?.closest?.<HTMLImageElement>(CONTENT_IMAGE)
  if (!img || img.closest('a')) return // a linked image follows its link
  // decode() waits for a lazy image and rejects for one that cannot load.
  Promise.all([img.decode(), loadView()]).then(
    ([, mod]) => {
      view = mod
      mod.openImageZoom(img)
    },
    () => console.warn(`[gptnotes] 图片无法加载，不能放大：${img.currentSrc || img.src}`),
  )
}

/**
 * Image zoom by event delegation: one click listener on the document serves the images of
 * every page, so it is ready at once after hydration and after each navigation, with nothing
 * to set up or tear down per page (the spec's 1000 ms set-up delay is not needed).
 */
export function installImageZoom(): () => void {
  document.addEventListener('click', onClick)
  document.documentElement.classList.add('gn-zoomable')
  return () => {
    closeImageZoom()
    document.removeEventListener('click', onClick)
    document.documentElement.classList.remove('gn-zoomable')
  }
}
