import { useContext } from 'react'
import { TAG_PALETTE } from '../../shared/tag-color.js'
import { SiteContext } from '../context.js'
import { OVERLAY_WIDGETS } from '../widgets/names.js'
import { WidgetSlot } from '../widgets/widget-slot.js'
import { BackToTop } from './back-to-top.js'

/**
 * The global overlay (spec §2): back-to-top, and the mascot and the click effect when the
 * route's `widgets` (decided at build time) name them. Their slots stay mounted across
 * navigations between routes that both use them, so the widgets keep their state.
 */
export function GlobalOverlay({ widgets }: { widgets?: string[] }) {
  const site = useContext(SiteContext)
  // A widget renders in a root of its own, without the app's context: its options come as
  // props (the palette too, so the widget's chunk shares no module with the app's).
  const props: Partial<Record<string, Record<string, unknown>>> = {
    'click-effect': { ...site?.clickEffect, colors: TAG_PALETTE },
    // The mascot greets with the site's title and its home button goes to the base.
    mascot: { ...site?.mascot, title: site?.title, base: site?.base },
  }
  return (
    <div className="global-overlay">
      <BackToTop />
      {OVERLAY_WIDGETS.filter((name) => widgets?.includes(name)).map((name) => (
        <WidgetSlot key={name} name={name} props={props[name]} />
      ))}
    </div>
  )
}
