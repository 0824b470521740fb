import type { SiteConfig } from '../../shared/types.js'
import type { WidgetSettings } from '../widgets/index.js'
import type { PageFacts } from './collect.js'
import { contentSecurityPolicy } from './csp.js'
import { headerRules, headersFile, type HeaderRule } from './headers-file.js'
import { widgetOrigins } from './origins.js'

export { documentFacts, PageFacts, type DocumentFacts } from './collect.js'
export { headersFor, type HeaderRule } from './headers-file.js'

export interface SiteHeaders {
  /** The site-wide Content-Security-Policy. */
  csp: string
  rules: HeaderRule[]
  /** `_headers`, for the output. */
  file: string
}

/**
 * The headers stage: the site's policy and response headers, from the config, the widgets'
 * settings (the hosts their declarations say they reach) and the rendered pages
 * themselves (their inline scripts, by hash, and the hosts of the images they show: `PageFacts`,
 * gathered by the render stage). A pure
 * function of what the build made, so `serve` and the written `_headers` always agree.
 */
export function siteHeaders(config: SiteConfig, widgets: WidgetSettings, pages: PageFacts): SiteHeaders {
  const origins = widgetOrigins(widgets)
  const csp = contentSecurityPolicy({
    hostname: config.hostname,
    inlineScripts: [...pages.inlineScripts],
    imageOrigins: [...pages.imageOrigins, ...origins.img],
    connectOrigins: origins.connect,
  })
  const rules = headerRules(config.base, csp)
  return { csp, rules, file: headersFile(rules) }
}
