import type { RouteData } from '../../shared/types.js'
import { loadOnce } from '../lazy.js'
import { Article } from './article.js'
import type * as ListLayoutsModule from './list-layouts.js'
import { NotFound } from './not-found.js'

type ListLayouts = typeof ListLayoutsModule

/*
 * The article's layout is in the first-load JavaScript (most first loads are articles); the home
 * page's and the lists' come in one chunk. A page that needs it preloads it (the render stage
 * names it in the client's loader) and the browser entry waits for it before hydrating; after
 * that it loads at idle time, and the router waits for it before showing such a route.
 */
let listLayouts: ListLayouts | undefined

/** Whether a route is drawn by a layout of the list chunk. */
export const usesListLayouts = (route: RouteData): boolean => route.kind === 'home' || route.kind === 'terms' || route.kind === 'list'

/** Loads the list layouts once (again after a failure). */
export const loadListLayouts: () => Promise<void> = loadOnce(() =>
  import('./list-layouts.js').then((m) => {
    listLayouts = m
  }),
)

/** For server rendering, which has every layout at hand and cannot wait. */
export function provideListLayouts(layouts: ListLayouts): void {
  listLayouts = layouts
}

/** The route's own layout inside the global one. */
export function RouteLayout({ route }: { route: RouteData }) {
  if (route.kind === 'article') return <Article route={route} />
  if (!usesListLayouts(route)) return <NotFound />
  // Loaded before any such route is rendered (see above); never empty in practice.
  if (!listLayouts) return null
  const { Home, Tags, Categories, Timeline, Tag, Category } = listLayouts
  switch (route.kind) {
    case 'home':
      return <Home route={route} />
    case 'terms':
      return route.taxonomy === 'tag' ? <Tags route={route} /> : <Categories route={route} />
    case 'list':
      return route.list === 'timeline' ? <Timeline route={route} /> : route.list === 'tag' ? <Tag route={route} /> : <Category route={route} />
    default:
      return <NotFound />
  }
}
