/**
 * What hydration did to the server's HTML: an init script keeps #app's HTML as parsed and
 * records every change inside #app from then on; `readSsr` reads both back with #app as it is now.
 */
import type { Page } from 'playwright-core'

/** One change inside #app, e.g. `attributes on a [class] in 侧边栏` or `characterData on #text in page`. */
export interface SsrChange {
  /** Inside an island (`[data-island]`), which replaces its fallback when it mounts. */
  island: boolean
  what: string
}

export interface Ssr {
  /** #app's HTML as the server sent it. */
  html: string
  changes: SsrChange[]
  /** #app's HTML now. */
  now: string
}

type Recorded = Window & { __ssr?: { html: string | null; changes: SsrChange[] } }

/**
 * For `context.addInitScript`, so it runs before any page script: when parsing ends (readyState
 * "interactive", which comes before module scripts run) it keeps #app's HTML and starts recording.
 * Writes that leave a value as it was (React re-sets `type` and `value` of a controlled input when
 * it hydrates it) change nothing a reader sees and are not recorded. Self-contained: the browser
 * gets its source.
 */
export const RECORD_SSR = (): void => {
  const w = window as Recorded
  w.__ssr = { html: null, changes: [] }
  document.addEventListener('readystatechange', () => {
    const app = document.getElementById('app')
    if (document.readyState !== 'interactive' || !app || w.__ssr!.html !== null) return
    w.__ssr!.html = app.innerHTML
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes' && r.target instanceof Element && r.target.getAttribute(r.attributeName!) === r.oldValue) continue
        if (r.type === 'characterData' && (r.target as CharacterData).data === r.oldValue) continue
        const target = r.target instanceof Element ? r.target.tagName.toLowerCase() : r.target.nodeName
        const el = r.target instanceof Element ? r.target : r.target.parentElement
        const where = el?.closest('nav')?.getAttribute('aria-label') ?? 'page'
        w.__ssr!.changes.push({ island: !!el?.closest('[data-island]'), what: `${r.type} on ${target}${r.attributeName ? ` [${r.attributeName}]` : ''} in ${where}` })
      }
    }).observe(app, { subtree: true, childList: true, attributes: true, characterData: true, attributeOldValue: true, characterDataOldValue: true })
  })
}

/** What RECORD_SSR kept on this page; fails when it kept nothing (the script did not run). */
export async function readSsr(page: Page): Promise<Ssr> {
  const ssr = await page.evaluate(() => {
    const w = window as Recorded
    return w.__ssr && { html: w.__ssr.html, changes: w.__ssr.changes, now: document.getElementById('app')?.innerHTML ?? null }
  })
  if (!ssr || ssr.html === null || ssr.now === null) throw new Error(`no server HTML recorded on ${page.url()}: add RECORD_SSR as an init script of the page's context`)
  return { html: ssr.html, changes: ssr.changes, now: ssr.now }
}
