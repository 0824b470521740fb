import { type ComponentType, useEffect, useMemo, useState } from 'react'
import { WIDGET_ATTR } from '../../../shared/markup.js'
import { loadOnce } from '../../lazy.js'
import { useReducedMotion } from '../kit/reduced-motion.js'
import { injectStyle } from '../kit/styles.js'
import type { WidgetProps } from '../types.js'
import { logMobile, logUnsupportedTheme } from './log.js'
import { isMobileUserAgent, type MascotOptions, mascotOptions, type MascotSlotProps } from './options.js'
import { BUTTONS_WIDTH, type Corner, RIGHT_INSET } from './room.js'
import { unsupportedThemes } from './themes.js'
import { useFreeCorner } from './use-room.js'

/**
 * The slot's fixed box must not cover the page's corner, shown or not: only the mascot's buttons
 * take clicks. In the bottom-right corner the slot keeps clear of the back-to-top button and
 * its buttons stand on the canvas's left.
 */
const SLOT = `.widget-slot[${WIDGET_ATTR}="mascot"]`
const freeTheCorner = (): void =>
  injectStyle(
    'gptnotes-mascot-slot',
    `${SLOT}{pointer-events:none}${SLOT}[data-corner="right"]{left:auto;right:${RIGHT_INSET}px}${SLOT}[data-corner="right"] .gm-buttons{right:auto;left:-${BUTTONS_WIDTH}px}`,
  )

/** Puts the slot in `corner` (the theme's box is bottom left), or marks that there is no room (`none`). */
function placeSlot(corner: Corner | undefined): void {
  document.querySelector(SLOT)?.setAttribute('data-corner', corner ?? 'none')
}

/** The overlay, the framework and the character: a chunk of their own. */
const loadOverlay = loadOnce(() => import('./overlay.js'))

/**
 * The mascot widget's entry (spec "Mascot overlay"): a small chunk that decides whether the
 * mascot shows at all (not on mobile user agents, not for readers who prefer reduced motion,
 * not with a theme this site cannot draw, not where it would cover text) before the overlay, the
 * framework and the character load as a chunk of their own. So a phone downloads only this.
 * Where it stands is measured: the bottom-left corner, else the bottom-right one, else nowhere
 * (a narrow window, a long sidebar beside a wide article), again on every resize.
 */
export default function Mascot({ props }: WidgetProps<MascotSlotProps>) {
  const key = JSON.stringify(props)
  const options = useMemo(() => mascotOptions(props), [key])
  const [verdict, setVerdict] = useState<'wait' | 'show' | 'no'>('wait')
  const reduced = useReducedMotion()
  const [Overlay, setOverlay] = useState<ComponentType<{ options: MascotOptions }>>()

  useEffect(freeTheCorner, [])
  const corner = useFreeCorner({ width: options.width, height: options.height }, verdict === 'show' && !reduced)
  const room = corner !== 'wait' && corner !== undefined
  useEffect(() => {
    if (corner !== 'wait') placeSlot(corner)
  }, [corner])

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
