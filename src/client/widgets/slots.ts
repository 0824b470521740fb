import type { ClientSite } from '../../shared/types.js'
import type { Placement } from '../../shared/widgets/define.js'

/**
 * The slots a route has at one place (the overlay, the article's end), in the route's order
 * (the build's list order): the route's widgets whose site record has that placement, each with
 * its site data and the route's own props over it. Plain data, so layouts name no widget.
 */
export function slotsAt(site: Pick<ClientSite, 'widgets'> | null | undefined, route: { widgets?: string[]; widgetProps?: Readonly<Record<string, object>> }, placement: Placement): { name: string; props: Record<string, unknown> }[] {
  return (route.widgets ?? []).flatMap((name) => {
    const widget = site?.widgets?.[name]
    if (widget?.placement !== placement) return []
    return [{ name, props: { ...widget.data, ...route.widgetProps?.[name] } }]
  })
}
