import { useEffect, useState } from 'react'
import type { ClientSite, RouteData } from '../shared/types.js'
import { SiteContext } from './context.js'
import { Layout } from './layouts/layout.js'
import type { Router } from './router/router.js'

export interface AppProps {
  site: ClientSite
  initial: RouteData
  /** Absent during SSR. */
  router?: Router
}

/** The root component, rendered on the server and hydrated in the browser with the same props. */
export function App({ site, initial, router }: AppProps) {
  const [route, setRoute] = useState(initial)
  // The router takes over links only once the page is hydrated: a route it shows before that
  // would have no app to render it.
  useEffect(() => {
    if (!router) return
    const unsubscribe = router.subscribe(setRoute)
    router.start()
    return unsubscribe
  }, [router])
  return (
    <SiteContext.Provider value={site}>
      <Layout route={route} />
    </SiteContext.Provider>
  )
}
