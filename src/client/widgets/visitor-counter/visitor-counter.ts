/**
 * The visitor counter (widget A's `visitor` option): view counts, `阅读量`, on articles and post
 * lists. Not a registry widget: its number sits inside the server-rendered meta line (label and
 * a fixed-width placeholder, readable without JavaScript), so the layouts render it through
 * `<VisitorCount>` / `useVisitorCounts` (visitor-count.tsx) and this file is the part loaded
 * lazily, at idle time, only on pages that show a count: its own small chunk
 * (`assets/js/visitor-counter.<hash>.js`). It speaks Valine's REST calls with `fetch` (never
 * the SDK): an article's view finds its counter and increments it, or creates it (the service
 * counts a reader once per page and window); a list reads every listed post's count with one
 * request (`$in`), counting nothing.
 */
import { createRequest, findRequest, groupByService, incrementRequest, rowsOf, type CounterPage, type CounterRequest, type CounterTarget } from './counter-rest.js'

async function send(req: CounterRequest): Promise<unknown> {
  const res = await fetch(req.url, req.init)
  if (!res.ok) throw new Error(`counter service answered ${res.status}`)
  return res.json()
}

/** The counts of `targets`' pages, by url (a page never viewed has none: 0). */
export async function readCounts(targets: readonly CounterTarget[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const t of targets) counts[t.url] = 0
  const answers = await Promise.all(groupByService(targets).map(({ service, urls }) => send(findRequest(service, urls))))
  for (const row of answers.flatMap(rowsOf)) counts[row.url] = row.time
  return counts
}

/** Count the reader's view of a page and answer its count. */
export async function countView(target: CounterTarget, page: CounterPage): Promise<number> {
  const [found] = rowsOf(await send(findRequest(target, [target.url])))
  if (!found) {
    await send(createRequest(target, page))
    return 1
  }
  const after = (await send(incrementRequest(target, found.objectId))) as { time?: unknown }
  return typeof after.time === 'number' ? after.time : found.time
}
