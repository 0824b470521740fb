import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { startDevServer, type DevServer } from '../../src/dev-server/dev-server.js'
import { withBrowser } from './e2e.js'
import { REPO_ROOT } from './sites.js'

export interface RealSite {
  browser: Browser
  /** The site's address under serve, ending in the base (`http://127.0.0.1:PORT/gpt/`). */
  url: string
}

/**
 * The real site (this repository's content and config) under `gptnotes serve`, with a browser,
 * for the describe block that calls it. Its fields are set once the block's tests start.
 */
export function useRealSite(): RealSite {
  const site = {} as RealSite
  let dev: DevServer | undefined
  withBrowser((b) => (site.browser = b))
  beforeAll(async () => {
    dev = await startDevServer({ root: REPO_ROOT, port: 0, host: '127.0.0.1', watch: false, log: () => {} })
    site.url = dev.url
  })
  afterAll(async () => {
    await dev?.close()
  })
  return site
}

/** Resolves once the client router has taken over the page (hydrated). */
export const hydrated = (page: Page) => page.waitForFunction(() => !!history.state?.key)
