import { useEffect, useState } from 'react'
import { safeDecode, withBase } from '../../../shared/paths.js'
import type { ClientSite } from '../../../shared/types.js'
import { loadOnce, whenIdle } from '../../lazy.js'
import type { CounterPage, CounterTarget } from './counter-rest.js'

/*
 * The visitor counter's part in the first-load JS: where a count goes and when to fetch it.
 * The requests live in visitor-counter.ts, loaded at idle time by the pages that show a count
 * (see that file). Types only come from counter-rest.ts, so none of its code lands here.
 */

/**
 * Where the count of the page at `path` (base-relative, as in the route data) lives: the
 * service the build chose for it (`counter`, an index into the site data's `counters`), or
 * undefined when the page shows none (widget A off, or `visitor: false` for its locale).
 */
export function counterTargetOf(site: ClientSite, path: string, counter: number | undefined): CounterTarget | undefined {
  const service = counter === undefined ? undefined : site.counters?.[counter]
  return service && { serverURLs: service.serverURLs, appId: service.appId, appKey: service.appKey, url: safeDecode(withBase(site.base, path)) }
}

type Counts = Record<string, number> | 'failed' | undefined

const loadCounter = loadOnce(() => import('./visitor-counter.js'))

/**
 * The counts of `targets`' pages, once the browser is idle; with `view`, the reader's view of
 * the one target is counted first (an article). Undefined while loading, 'failed' when the
 * service could not be asked. One request per service for a whole list.
 */
export function useVisitorCounts(targets: readonly CounterTarget[], view?: CounterPage): Counts {
  const [counts, setCounts] = useState<Counts>(undefined)
  const key = JSON.stringify([targets, view])
  useEffect(() => {
    setCounts(undefined)
    if (!targets.length) return
    let live = true
    const cancel = whenIdle(() => {
      loadCounter()
        .then((counter) => (view ? counter.countView(targets[0], view).then((n) => ({ [targets[0].url]: n })) : counter.readCounts(targets)))
        .then(
          (found) => live && setCounts(found),
          (err: unknown) => {
            console.error('[gptnotes] visitor counter:', err)
            if (live) setCounts('failed')
          },
        )
    })
    return () => {
      live = false
      cancel()
    }
    // `key` stands for the targets and the view (callers pass fresh arrays on each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return counts
}

/** The counts of the listed posts that show one (by post path), read with one request, counting nothing. */
export function useListCounts(site: ClientSite, posts: readonly { path: string; counter?: number }[]): { targets: Map<string, CounterTarget>; counts: Counts } {
  const targets = new Map<string, CounterTarget>()
  for (const p of posts) {
    const target = counterTargetOf(site, p.path, p.counter)
    if (target) targets.set(p.path, target)
  }
  return { targets, counts: useVisitorCounts([...targets.values()]) }
}

/**
 * `阅读量 N` in a meta line. The server renders the label and a fixed-width placeholder, so
 * the page reads without JavaScript and the number fills in without moving anything.
 */
export function VisitorCount({ url, counts }: { url: string; counts: Counts }) {
  const value = counts === 'failed' ? '-' : counts?.[url]
  return (
    <span className="visitor-count">
      <span className="visitor-count-label">阅读量</span>
      <span className="visitor-count-value" aria-busy={value === undefined}>
        {value ?? '…'}
      </span>
    </span>
  )
}
