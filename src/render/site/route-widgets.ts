import { COMMENT_WIDGETS, type OverlayWidget } from '../../shared/widgets/names.js'
import { withBase } from '../../shared/paths.js'
import { valineConfigFor, vssueConfigFor } from '../../shared/locale-config.js'
import type { RouteWidgetProps } from '../../shared/widgets/slot-props.js'
import type { VssueSiteConfig } from '../../shared/widgets/vssue.js'
import type { ClientComments, Frontmatter, RouteData, RouteKind, SiteConfig } from '../../shared/types.js'

/**
 * The reader widgets a route mounts, decided at build time so a page that uses none downloads
 * none of their code. Names are the client's widget registry names (src/client/widgets).
 */
export function widgetsFor(config: SiteConfig, kind: RouteKind, frontmatter: Frontmatter = {}): string[] {
  const widgets: string[] = []
  const { comments } = config.themeConfig
  const solution = COMMENT_WIDGETS.find((w) => w === comments.solution)
  if (kind === 'article' && comments.enabled && solution && frontmatter.comments !== false) widgets.push(solution)
  widgets.push(...overlayWidgets(config))
  return widgets
}

/**
 * The mascot and the click effect, on every route when the config turns them on.
 */
function overlayWidgets(config: SiteConfig): OverlayWidget[] {
  const widgets: OverlayWidget[] = []
  if (config.themeConfig.mascot) widgets.push('mascot')
  if (config.themeConfig.clickEffect) widgets.push('click-effect')
  return widgets
}

/** The comment widgets' settings, per locale (the site data's `comments` and `vssue`). */
export interface CommentSettings {
  base: string
  comments?: ClientComments
  vssue?: VssueSiteConfig
}

/**
 * Each route's comment slot props, for the route's locale: its page address (base included,
 * percent-encoded), its title and the settings. Made here, per route, so a page hands them to
 * the slot as they are and picks nothing itself.
 */
export function slotPropsFor(data: RouteData, settings: CommentSettings): RouteWidgetProps | undefined {
  if (data.kind !== 'article') return undefined
  const path = withBase(settings.base, data.path)
  const props: RouteWidgetProps = {}
  if (data.widgets?.includes('valine') && settings.comments) props.valine = { path, config: valineConfigFor(settings.comments, data.path) }
  if (data.widgets?.includes('vssue') && settings.vssue) props.vssue = { path, title: data.page.title, config: vssueConfigFor(settings.vssue, data.path) }
  return props.valine || props.vssue ? props : undefined
}

/** The route table with each route's comment slot props in its data. */
export function withSlotProps<T extends { routes: { data: RouteData }[] }>(table: T, settings: CommentSettings): T {
  for (const route of table.routes) {
    const props = slotPropsFor(route.data, settings)
    if (props) route.data.widgetProps = props
  }
  return table
}
