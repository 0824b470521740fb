/**
 * A loopback fake of LeanCloud's REST scan API, a real HTTP server on 127.0.0.1.
 *
 * It follows LeanCloud's REST guide ("存储 REST API", leancloud/docs, sdk/storage/guide/rest):
 * - 请求格式 / 更安全的鉴权方式: `X-LC-Id: <appId>` and either `X-LC-Key: <masterKey>,master` or
 *   `X-LC-Sign: <md5(timestamp + masterKey), lower-case hex>,<timestamp in ms>,master`; anything
 *   else is `401 {"code":401,"error":"Unauthorized."}` (the answer the SDK's recordings and
 *   Valine's reports show; `scan` "强制要求使用 master key", so the app key is refused too).
 * - 遍历 Class: `GET /1.1/scan/classes/<className>?limit=&cursor=`, objects in ascending
 *   objectId order, `limit` 1–1000 (default 100; outside the range the default), the answer
 *   `{"results":[…],"cursor":"…"}` with `cursor: null` after the last page; the cursor is opaque.
 * - A class that does not exist: `404 {"code":101,"error":"Class or object doesn't exists."}`.
 * - Code 1020 (international region refusing mainland callers, LeanCloud's 2022-08 notice) and
 *   code 140 (quota, "超过应用的容量限额"): bodies `{code, error}`; their HTTP status is not
 *   documented, 403 is assumed (the client reads the code, not the status).
 * The fake's own page size (`pageSize`) caps `limit`, so a cursor spans pages with few records.
 * Faults are queued per request: a 429 with `Retry-After`, a 5xx, a dropped connection (the
 * socket destroyed before any answer), a delay, or a LeanCloud error.
 */
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

export type Fault =
  | { kind: 'status'; status: number; body?: unknown; retryAfter?: string }
  | { kind: 'drop' }
  | { kind: 'delay'; ms: number }
  | { kind: 'lcError'; status: number; code: number; error: string }

export interface FakeRequest {
  path: string
  query: Record<string, string>
  headers: Record<string, string | string[] | undefined>
  /** What the fake answered: a status, or 'dropped'. */
  answer: number | 'dropped'
}

export interface LeanCloudFake {
  url: string
  appId: string
  masterKey: string
  classes: Record<string, Record<string, unknown>[]>
  /** Faults for the next requests, in order; each is used once. */
  faults: Fault[]
  /** A fault for every request from now on (the region refusing, a spent quota). */
  always?: Fault
  requests: FakeRequest[]
  close(): Promise<void>
}

const UNAUTHORIZED = { code: 401, error: 'Unauthorized.' }
const md5 = (s: string) => createHash('md5').update(s).digest('hex')

function authorised(req: IncomingMessage, appId: string, masterKey: string): boolean {
  if (req.headers['x-lc-id'] !== appId) return false
  const sign = req.headers['x-lc-sign']
  if (typeof sign === 'string') {
    const [hash, ts, master] = sign.split(',')
    return master === 'master' && /^\d+$/.test(ts ?? '') && hash === md5(`${ts}${masterKey}`)
  }
  return req.headers['x-lc-key'] === `${masterKey},master`
}

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8', ...headers })
  res.end(JSON.stringify(body))
}

export async function startLeanCloudFake(init: { appId?: string; masterKey?: string; pageSize?: number; classes?: Record<string, Record<string, unknown>[]> } = {}): Promise<LeanCloudFake> {
  const pageSize = init.pageSize ?? 1000
  const fake: Omit<LeanCloudFake, 'url' | 'close'> = {
    appId: init.appId ?? 'FakeAppId1234567-gzGzoHsz',
    masterKey: init.masterKey ?? 'fake-master-key-Zq8Xw2Lp',
    classes: init.classes ?? {},
    faults: [],
    requests: [],
  }
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const record: FakeRequest = { path: url.pathname, query: Object.fromEntries(url.searchParams), headers: { ...req.headers }, answer: 0 }
    fake.requests.push(record)
    const answer = (status: number, body: unknown, headers?: Record<string, string>) => {
      record.answer = status
      send(res, status, body, headers)
    }
    const fault = fake.faults.shift() ?? fake.always
    const serve = () => {
      if (fault?.kind === 'drop') {
        record.answer = 'dropped'
        req.socket.destroy()
        return
      }
      if (fault?.kind === 'status') return answer(fault.status, fault.body ?? { code: 1, error: 'Internal server error.' }, fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {})
      if (fault?.kind === 'lcError') return answer(fault.status, { code: fault.code, error: fault.error })
      if (!authorised(req, fake.appId, fake.masterKey)) return answer(401, UNAUTHORIZED)
      const m = /^\/1\.1\/scan\/classes\/([A-Za-z_][A-Za-z0-9_]*)$/.exec(url.pathname)
      if (req.method !== 'GET' || m === null) return answer(404, { code: 101, error: "Class or object doesn't exists." })
      const objects = fake.classes[m[1]]
      if (objects === undefined) return answer(404, { code: 101, error: "Class or object doesn't exists." })
      const asked = Number(url.searchParams.get('limit') ?? '100')
      const limit = Math.min(pageSize, Number.isInteger(asked) && asked >= 1 && asked <= 1000 ? asked : 100)
      const cursor = url.searchParams.get('cursor')
      const after = cursor ? Buffer.from(cursor, 'base64url').toString('utf8') : ''
      const sorted = [...objects].sort((a, b) => String(a.objectId).localeCompare(String(b.objectId)))
      const rest = sorted.filter((o) => String(o.objectId) > after)
      const results = rest.slice(0, limit)
      const next = rest.length > limit ? Buffer.from(String(results[results.length - 1].objectId), 'utf8').toString('base64url') : null
      answer(200, { results, cursor: next })
    }
    if (fault?.kind === 'delay') setTimeout(serve, fault.ms)
    else serve()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}
