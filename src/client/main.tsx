import { startTransition } from 'react'
import { flushSync } from 'react-dom'
import { hydrateRoot } from 'react-dom/client'
import { CONTENT_SELECTOR, DATA_SCRIPT_ID } from '../shared/markup.js'
import { hasBody } from '../shared/route-data.js'
import type { InitialData } from '../shared/types.js'
import { App } from './app.js'
import { Router } from './router/router.js'
import './styles/base.css'
import './styles/theme.css'

/**
 * Browser entry: read the page's inline data, hydrate the server HTML; the app starts the router
 * once it is hydrated. Hydration runs as a transition, so React works in slices of a few
 * milliseconds and yields between them instead of holding the main thread for the whole tree.
 */
const dataEl = document.getElementById(DATA_SCRIPT_ID)
const root = document.getElementById('app')
if (dataEl && root) {
  const { site, route } = JSON.parse(dataEl.textContent ?? '{}') as InitialData
  const content = root.querySelector(CONTENT_SELECTOR)
  if (content && hasBody(route)) route.html = content.innerHTML
  const router = new Router(site, route, (commit) => flushSync(commit))
  startTransition(() => {
    hydrateRoot(root, <App site={site} initial={route} router={router} />, {
      onRecoverableError: (error) => console.error('[gptnotes] hydration:', error),
    })
  })
}
