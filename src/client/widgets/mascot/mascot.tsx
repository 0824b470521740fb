import { type ComponentType, useEffect, useMemo, useState } from 'react'
import { loadOnce } from '../../lazy.js'
import { useReducedMotion } from '../kit/reduced-motion.js'
import { injectStyle } from '../kit/styles.js'
import type { WidgetProps } from '../types.js'
import { logMobile, logUnsupportedTheme } from './log.js'
import { isMobileUserAgent, type MascotOptions, mascotOptions, type MascotSlotProps } from './options.js'
import { unsupportedThemes } from './themes.js'

/** The slot's fixed box must not cover the page's corner, shown or not: only the mascot's buttons take clicks. */
const freeTheCorner = (): void => injectStyle('gptnotes-mascot-slot', '.widget-slot[data-widget="mascot"]{pointer-events:none}')

/** The overlay, the framework and the character: a chunk of their own. */
const loadOverlay = loadOnce(() => import('./overlay.js'))

/**
 * The mascot widget's entry (spec "Mascot overlay"): a small chunk that decides whether the
 * mascot shows at all (not on mobile user agents, not for readers who prefer reduced motion,
 * not with a theme this site cannot draw) before the overlay, the framework and the character
 * load as a chunk of their own. So a phone downloads only this.
 */
export default function Mascot({ props }: WidgetProps<MascotSlotProps>) {
  const key = JSON.stringify(props)
  const options = useMemo(() => mascotOptions(props), [key])
  const [verdict, setVerdict] = useState<'wait' | 'show' | 'no'>('wait')
  const reduced = useReducedMotion()
  const [Overlay, setOverlay] = useState<ComponentType<{ options: MascotOptions }>>()

  useEffect(freeTheCorner, [])

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
    if (verdict !== 'show' || reduced || Overlay) return
    let live = true
    loadOverlay().then(
      (m) => live && setOverlay(() => m.default),
      (err: unknown) => console.error('[gptnotes] widget mascot:', err),
    )
    return () => {
      live = false
    }
  }, [verdict, reduced, Overlay])

  if (verdict !== 'show' || reduced || !Overlay) return null
  return <Overlay options={options} />
}
