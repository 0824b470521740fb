/** Deferred work in the browser: when idle-time work runs, and loading lazy code once. */

/** The longest wait for an idle moment (`requestIdleCallback`'s timeout). */
const IDLE_TIMEOUT = 2000
/** Where there is no `requestIdleCallback` (Safari), a fixed delay instead. */
const IDLE_FALLBACK = 200

/** Runs `task` once the browser is idle, within 2 s (200 ms later without idle callbacks); returns a cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: IDLE_TIMEOUT })
    return () => cancelIdleCallback(id)
  }
  const timer = setTimeout(task, IDLE_FALLBACK)
  return () => clearTimeout(timer)
}

/**
 * `load`, called once and shared by every caller; a failed load is forgotten, so the next call
 * tries again (a chunk that did not arrive on a bad network).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined
      throw err
    }))
}
