/** Spec §9: the zoomed image keeps 16 px from the viewport edges; scrolling 40 px closes it. */
export const ZOOM_MARGIN = 16
export const ZOOM_CLOSE_OFFSET = 40

export interface Size {
  width: number
  height: number
}

/**
 * The size of the zoomed image: as large as the viewport allows (less the margin), keeping the
 * aspect ratio, but never beyond the picture's own pixels unless it is a vector image or is
 * already shown larger than them.
 */
export function zoomedSize(natural: Size, shown: Size, viewport: Size, vector: boolean, margin = ZOOM_MARGIN): Size {
  const base = natural.width > 0 && natural.height > 0 ? natural : shown
  if (base.width <= 0 || base.height <= 0) return shown
  const fit = Math.min((viewport.width - 2 * margin) / base.width, (viewport.height - 2 * margin) / base.height)
  const limit = vector ? Infinity : Math.max(1, shown.width / base.width)
  const scale = Math.max(0, Math.min(fit, limit))
  return { width: Math.round(base.width * scale), height: Math.round(base.height * scale) }
}

let close: (() => void) | undefined

/** Close the zoom if one is open (e.g. when the route changes). */
export function closeImageZoom(): void {
  close?.()
}

/** Show `img` zoomed in a modal preview (loaded on the first click on an image). */
export function openImageZoom(img: HTMLImageElement): void {
  closeImageZoom()
  const rect = img.getBoundingClientRect()
  const src = img.currentSrc || img.src
  const size = zoomedSize(
    { width: img.naturalWidth, height: img.naturalHeight },
    { width: rect.width, height: rect.height },
    { width: document.documentElement.clientWidth, height: window.innerHeight },
    /\.svgz?(?:[?#]|$)/i.test(src),
  )
  const overlay = document.createElement('div')
  overlay.className = 'gn-zoom'
  overlay.setAttribute('role', 'dialog')
  overlay.setAttribute('aria-modal', 'true')
  overlay.setAttribute('aria-label', '图片预览')
  overlay.tabIndex = -1
  const big = new Image()
  big.src = src
  big.alt = img.alt
  big.width = size.width
  big.height = size.height
  overlay.append(big)

  const returnFocus = document.activeElement as HTMLElement | null
  const startY = window.scrollY
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close?.()
    else if (e.key === 'Tab') e.preventDefault() // modal: focus stays on the preview
  }
  const onScroll = () => {
    if (Math.abs(window.scrollY - startY) > ZOOM_CLOSE_OFFSET) close?.()
  }
  const onResize = () => close?.()
  close = () => {
    close = undefined
    overlay.remove()
    document.removeEventListener('keydown', onKey)
    window.removeEventListener('scroll', onScroll)
    window.removeEventListener('resize', onResize)
    returnFocus?.focus?.({ preventScroll: true })
  }
  overlay.addEventListener('click', () => close?.())
  document.addEventListener('keydown', onKey)
  window.addEventListener('scroll', onScroll, { passive: true })
  window.addEventListener('resize', onResize)
  document.body.append(overlay)
  overlay.focus({ preventScroll: true })
}

