import { COMMENT_WIDGETS, type OverlayWidget } from '../../shared/widgets/names.js'
import { withBase } from '../../shared/paths.js'
import { valineConfigFor, vssueConfigFor } from '../../shared/locale-config.js'
import type { RouteWidgetProps } from '../../shared/widgets/slot-props.js'
import type { VssueSiteConfig } from '../../shared/widgets/vssue.js'
import type { ClientComments, CounterService, Frontmatter, PostSummary, RouteData, RouteKind, SiteConfig } from '../../shared/types.js'

/**
 * The reader widgets a route mounts, decided at build time so a page that uses none downloads
 * none of their code. Names are the client's widget registry names (src/client/widgets).
 */
export function widgetsFor(config: SiteConfig, kind: RouteKind, frontmatter: Frontmatter = {}): string[] {
  const widgets: string[] = []
  const { comments } = config.themeConfig
  const solution = COMMENT_WIDGETS.find((w) => w === comments.solution)
  // reco's own name for the page's switch is `isShowComments`.
  const pageOff = frontmatter.comments === false || frontmatter.isShowComments === false
  if (kind === 'article' && comments.enabled && solution && !pageOff) widgets.push(solution)
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

/**
 * The visitor counters' services: widget A's service and credentials of each locale whose
 * `visitor` is on (the base settings first), each service once. The site data carries this
 * table; a page's count names its entry by index (`counterFor`).
 */
export function counterServices(comments: ClientComments | undefined): CounterService[] {
  const services = new Map<string, CounterService>()
  for (const valine of comments ? [comments.valine, ...Object.values(comments.locales ?? {})] : []) {
    if (!valine.visitor) continue
    const service = { serverURLs: valine.serverURLs, appId: valine.appId, appKey: valine.appKey }
    const key = JSON.stringify([service.serverURLs, service.appId, service.appKey])
    if (!services.has(key)) services.set(key, service)
  }
  return [...services.values()]
}

/**
 * The index in `services` (`counterServices`) of the counter of the page at `path` (base-relative,
 * percent-encoded), for the page's locale; undefined when the page shows no count.
 */
export function counterFor(comments: ClientComments | undefined, services: readonly CounterService[], path: string): number | undefined {
  if (!comments) return undefined
  const config = valineConfigFor(comments, path)
  if (!config.visitor) return undefined
  const index = services.findIndex((s) => s.serverURLs === config.serverURLs && s.appId === config.appId && s.appKey === config.appKey)
  return index < 0 ? undefined : index
}

/**
 * The route table with what each route's widgets need, for its locale: the comment slot props,
 * and the visitor counter of the article and of every listed post (`counter`, an index into
 * `counterServices`; a post shared by several lists is marked once, and its list chunk carries
 * it too).
 */
export function withSlotProps<T extends { routes: { data: RouteData }[] }>(table: T, settings: CommentSettings): T {
  const services = counterServices(settings.comments)
  const marked = new Set<PostSummary>()
  for (const route of table.routes) {
    const data = route.data
    const props = slotPropsFor(data, settings)
    if (props) data.widgetProps = props
    if (!services.length) continue
    if (data.kind === 'article') {
      const counter = counterFor(settings.comments, services, data.path)
      if (counter !== undefined) data.counter = counter
    } else if (data.kind === 'home' || data.kind === 'list') {
      for (const post of data.posts) {
        if (marked.has(post)) continue
        marked.add(post)
        const counter = counterFor(settings.comments, services, post.path)
        if (counter !== undefined) post.counter = counter
      }
    }
  }
  return table
}
