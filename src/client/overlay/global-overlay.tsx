import { BackToTop } from './back-to-top.js'

/**
 * The global overlay (spec §2): back-to-top, and the slots the mascot and the click effect
 * will fill. The slots are empty, hidden containers: their widgets load lazily into them later,
 * and nothing is downloaded for them now.
 */
export function GlobalOverlay() {
  return (
    <div className="global-overlay">
      <BackToTop />
      <div data-slot="mascot" hidden />
      <div data-slot="click-effect" hidden />
    </div>
  )
}
