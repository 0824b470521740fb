import type { ArticleRoute, HomeRoute, RouteData } from './types.js'

/** Routes whose body is rendered markdown. */
export const hasBody = (route: RouteData): route is ArticleRoute | HomeRoute => route.kind === 'article' || route.kind === 'home'

/**
 * The layout's name in the page's class list (`layout-page`, `layout-tag` …): the names the
 * theme's stylesheet has always used, one per layout.
 */
export function layoutName(route: RouteData): string {
  switch (route.kind) {
    case 'article':
      return 'page'
    case 'list':
      return route.list
    case 'terms':
      return route.taxonomy === 'tag' ? 'tags' : 'categories'
    default:
      return route.kind
  }
}
