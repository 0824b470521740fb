import { type ComponentType, useEffect, useMemo, useState } from 'react'
import { WIDGET_ATTR } from '../../../shared/markup.js'
import { loadOnce } from '../../lazy.js'
import { useReducedMotion } from '../kit/reduced-motion.js'
import { injectStyle } from '../kit/styles.js'
import type { WidgetProps } from '../types.js'
import { logMobile, logUnsupportedTheme } from './log.js'
import { isMobileUserAgent, type MascotOptions, mascotOptions, type MascotSlotProps } from './options.js'
import { BUTTONS_WIDTH, type Place, RIGHT_INSET } from './room.js'
import { unsupportedThemes } from './themes.js'
import { useFreePlace } from './use-room.js'

/**
 * The slot's fixed box must not cover the page's corner, shown or not: only the mascot's buttons
 * take clicks. In the bottom-right corner the slot keeps clear of the back-to-top button and
 * its buttons stand on the canvas's left.
 */
const SLOT = `.widget-slot[${WIDGET_ATTR}="mascot"]`
const freeTheCorner = (): void =>
  injectStyle(
    'gptnotes-mascot-slot',
    `${SLOT}{pointer-events:none}${SLOT}[data-corner="right"]{left:auto;right:${RIGHT_INSET}px}${SLOT}[data-corner="right"] .gm-buttons{right:auto;left:-${BUTTONS_WIDTH}px}` +
      `${SLOT}[data-tucked] .gm-buttons{right:2px}${SLOT}[data-corner="right"][data-tucked] .gm-buttons{right:auto;left:2px}`,
  )

/** Puts the slot in its place (the theme's box is bottom left), or marks that there is no room (`none`). */
function placeSlot(place: Place | undefined): void {
  const slot = document.querySelector(SLOT)
  slot?.setAttribute('data-corner', place?.corner ?? 'none')
  slot?.toggleAttribute('data-tucked', !!place?.tucked)
}

/** The overlay, the framework and the character: a chunk of their own. */
const loadOverlay = loadOnce(() => import('./overlay.js'))

/**
 * The mascot widget's entry (spec "Mascot overlay"): a small chunk that decides whether the
 * mascot shows at all (not on mobile user agents, not for readers who prefer reduced motion,
 * not with a theme this site cannot draw, not where it would cover text) before the overlay, the
 * framework and the character load as a chunk of their own. So a phone downloads only this.
 * Where it stands is measured: the bottom-left corner, else the bottom-right one (with its buttons
 * beside the canvas, else tucked over its edge), else nowhere (a narrow window, a long sidebar
 * beside a wide article), again on every resize.
 */
export default function Mascot({ props }: WidgetProps<MascotSlotProps>) {
  const key = JSON.stringify(props)
  const options = useMemo(() => mascotOptions(props), [key])
  const [verdict, setVerdict] = useState<'wait' | 'show' | 'no'>('wait')
  const reduced = useReducedMotion()
  const [Overlay, setOverlay] = useState<ComponentType<{ options: MascotOptions }>>()

  useEffect(freeTheCorner, [])
  const place = useFreePlace({ width: options.width, height: options.height }, verdict === 'show' && !reduced)
  const room = place !== 'wait' && place !== undefined
  useEffect(() => {
    if (place !== 'wait') placeSlot(place)
  }, [place])

  useEffect(() => {
    if (isMobileUserAgent(navigator.userAgent)) {
      logMobile()
      return setVerdict('no')
    }
    const unsupported = unsupportedThemes(options.themes, options.live2d)
    if (unsupported.length) {
      logUnsupportedTheme(unsupported)
      return setVerdict('no')
    }
    setVerdict('show')
  }, [options])

  useEffect(() => {
    if (verdict !== 'show' || reduced || !room || Overlay) return
    let live = true
    loadOverlay().then(
      (m) => live && setOverlay(() => m.default),
      (err: unknown) => console.error('[gptnotes] widget mascot:', err),
    )
    return () => {
      live = false
    }
  }, [verdict, reduced, room, Overlay])

  if (verdict !== 'show' || reduced || !room || !Overlay) return null
  return <Overlay options={options} />
}
