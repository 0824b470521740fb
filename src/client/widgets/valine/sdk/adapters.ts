/*
 * The SDK's platform adapters for the browser, on `fetch`. The SDK's own browser adapters
 * (`@leancloud/platform-adapters-browser`) send requests through superagent, which is most of
 * their weight; the SDK asks only this of a request adapter: send `data` as the JSON body,
 * resolve with `{ ok, status, headers, data }` for any HTTP status (`data` the parsed JSON
 * body), reject only when no response came. Uploads and WebSockets (files, live queries) are
 * not part of the bundled SDK.
 */

interface RequestOptions {
  method?: string
  headers?: Record<string, string>
  data?: unknown
  signal?: AbortSignal
}

export async function request(url: string, { method = 'GET', headers, data, signal }: RequestOptions = {}) {
  const res = await fetch(url, { method, headers, body: data === undefined || data === null ? undefined : JSON.stringify(data), signal })
  const text = await res.text()
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    // Not JSON (a gateway's error page): the SDK reports the status.
  }
  return { ok: res.ok, status: res.status, headers: Object.fromEntries(res.headers), data: body }
}

/** `localStorage` where the browser allows it (a blocked one throws on access), else memory. */
function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'> {
  try {
    const local = window.localStorage
    if (local) return local
  } catch {
    // Storage blocked for this site: fall through.
  }
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  }
}

export function browserAdapters() {
  return { platformInfo: { name: 'Browser' }, request, storage: storage() }
}
