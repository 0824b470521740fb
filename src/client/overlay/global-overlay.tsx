import { useContext } from 'react'
import type { RouteData } from '../../shared/types.js'
import { SiteContext } from '../context.js'
import { slotsAt } from '../widgets/slots.js'
import { WidgetSlot } from '../widgets/widget-slot.js'
import { BackToTop } from './back-to-top.js'

/**
 * The global overlay (spec §2): back-to-top, and the route's overlay widgets (decided at build
 * time from their declarations, src/shared/widgets). Their slots stay mounted across
 * navigations between routes that both use them, so the widgets keep their state. A widget
 * renders in a root of its own, without the app's context: what it needs comes as props (its
 * site data and the route's own).
 */
export function GlobalOverlay({ route }: { route: Pick<RouteData, 'widgets' | 'widgetProps'> }) {
  const site = useContext(SiteContext)
  return (
    <div className="global-overlay">
      <BackToTop />
      {slotsAt(site, route, 'overlay').map(({ name, props }) => (
        <WidgetSlot key={name} name={name} props={props} />
      ))}
    </div>
  )
}
