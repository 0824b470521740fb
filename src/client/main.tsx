import { startTransition } from 'react'
import { flushSync } from 'react-dom'
import { hydrateRoot } from 'react-dom/client'
import { CONTENT_SELECTOR, DATA_SCRIPT_ID } from '../shared/markup.js'
import { readInitialData } from '../shared/inline-data.js'
import { hasBody } from '../shared/route-data.js'
import type { RouteData } from '../shared/types.js'
import { App } from './app.js'
import { whenIdle } from './lazy.js'
import { loadListLayouts, usesListLayouts } from './layouts/route-layout.js'
import type { Router } from './router/router.js'
import './styles/base.css'
import './styles/theme.css'

/** A route's layout code, loaded before the route is hydrated or shown. */
const prepare = (route: RouteData) => (usesListLayouts(route) ? loadListLayouts() : undefined)

/**
 * Browser entry: read the page's inline data and hydrate the server HTML. Hydration runs as a
 * transition, so React works in slices of a few milliseconds and yields between them instead of
 * holding the main thread for the whole tree. The router (and, through it, the route map) and the
 * other layouts load at idle time, after the page is interactive: until the router is here a link
 * loads the whole page, as it does without JavaScript.
 */
async function start(dataEl: HTMLElement, root: HTMLElement) {
  const { site, route } = readInitialData(dataEl.textContent || '{}', document.title)
  const content = root.querySelector(CONTENT_SELECTOR)
  if (content && hasBody(route)) route.html = content.innerHTML
  await prepare(route)
  const router = new Promise<Router>((resolve, reject) =>
    whenIdle(() => {
      import('./router/router.js').then(({ Router }) => resolve(new Router(site, route, (commit) => flushSync(commit), prepare)), reject)
      void loadListLayouts().catch(() => undefined)
    }),
  )
  startTransition(() => {
    hydrateRoot(root, <App site={site} initial={route} router={router} />, {
      onRecoverableError: (error) => console.error('[gptnotes] hydration:', error),
    })
  })
}

const dataEl = document.getElementById(DATA_SCRIPT_ID)
const root = document.getElementById('app')
if (dataEl && root) start(dataEl, root).catch((err: unknown) => console.error('[gptnotes] the page stays as the server sent it:', err))
