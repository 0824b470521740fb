import { COMMENT_WIDGETS, type OverlayWidget } from '../../client/widgets/names.js'
import type { Frontmatter, RouteKind, SiteConfig } from '../../shared/types.js'

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
