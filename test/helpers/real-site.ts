import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { startDevServer, type DevServer } from '../../src/render/dev-server.js'
import { launchBrowser } from './browser.js'
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
  beforeAll(async () => {
    ;[site.browser, dev] = await Promise.all([launchBrowser(), startDevServer({ root: REPO_ROOT, port: 0, host: '127.0.0.1', watch: false, log: () => {} })])
    site.url = dev.url
  })
  afterAll(async () => {
    await site.browser?.close()
    await dev?.close()
  })
  return site
}

/** Resolves once the client router has taken over the page (hydrated). */
export const hydrated = (page: Page) => page.waitForFunction(() => !!history.state?.key)
