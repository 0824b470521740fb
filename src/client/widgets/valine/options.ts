/*
 * What the box derives from its options (checked and filled in by the build: `ValineOptions`,
 * src/shared/widgets/valine.ts): the service it talks to and the key of a page's comments.
 */
import { DATA_SCRIPT_ID } from '../../../shared/markup.js'
import type { ValineOptions as ValineClientConfig } from '../../../shared/widgets/valine.js'

/**
 * The comment service: the config's `serverURLs`, else the site data's (`site.comments`, what
 * builds before the config reached the slot wrote, and what `gptnotes serve` fills in).
 */
export function serviceAddress(config: ValineClientConfig, doc: Document | undefined): string {
  if (config.serverURLs) return config.serverURLs
  try {
    const json = doc?.getElementById(DATA_SCRIPT_ID)?.textContent
    const site = json ? (JSON.parse(json) as { site?: { comments?: { serverURLs?: unknown } } }).site : undefined
    return typeof site?.comments?.serverURLs === 'string' ? site.comments.serverURLs : ''
  } catch {
    return ''
  }
}

/**
 * The key a page's comments are stored under: the `path` option, else the route's path decoded
 * (`/gpt/%E4%B8%AD.html` → `/gpt/中.html`), as Valine stored `location.pathname` decoded.
 */
export function pageKey(option: string, routePath: string): string {
  const raw = option.trim() || routePath || '/'
  try {
    return decodeURI(raw)
  } catch {
    return raw
  }
}
