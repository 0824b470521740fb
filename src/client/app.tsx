import { useEffect, useState } from 'react'
import type { ClientSite, RouteData } from '../shared/types.js'
import { SiteContext } from './context.js'
import { Layout } from './layouts/layout.js'
import type { Router } from './router/router.js'

export interface AppProps {
  site: ClientSite
  initial: RouteData
  /** The router, which the browser entry loads at idle time; absent during SSR. */
  router?: Promise<Router>
}

/** The root component, rendered on the server and hydrated in the browser with the same props. */
export function App({ site, initial, router }: AppProps) {
  const [route, setRoute] = useState(initial)
  // The router takes over links only once the page is hydrated: a route it shows before that
  // would have no app to render it. Until then a link is an ordinary link.
  useEffect(() => {
    let unsubscribe: (() => void) | undefined
    let live = true
    router?.then(
      (r) => {
        if (!live) return
        unsubscribe = r.subscribe(setRoute)
        r.start()
      },
      (err: unknown) => console.error('[gptnotes] links load whole pages, the router did not load:', err),
    )
    return () => {
      live = false
      unsubscribe?.()
    }
  }, [router])
  return (
    <SiteContext.Provider value={site}>
      <Layout route={route} />
    </SiteContext.Provider>
  )
}
