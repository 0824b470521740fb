/**
 * A worker for store-d1.test.ts: it runs the D1 store inside workerd on a real D1 binding and
 * answers one store call per request (`{ binding, method, args }` as JSON), or runs SQL on the
 * binding as it is (`{ binding, statements: [[sql, ...params], ...] }`), as a test that sets a
 * database up by hand needs.
 */
import { openD1Store, type D1Binding } from '../../src/proxy/stores/d1.js'

export default {
  async fetch(request: Request, env: Record<string, D1Binding>): Promise<Response> {
    const { binding, method, args, statements } = (await request.json()) as { binding: string; method: string; args: unknown[]; statements?: [string, ...unknown[]][] }
    if (statements) {
      for (const [sql, ...params] of statements) await env[binding].prepare(sql).bind(...params).all()
      return Response.json({ ok: true, undefined: true })
    }
    // A store per request over the binding, as a deployed worker does: nothing outlives a call.
    const store = openD1Store(env[binding]) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>
    try {
      const result = await store[method](...args)
      return Response.json({ ok: true, undefined: result === undefined, result: result ?? null })
    } catch (e) {
      return Response.json({ ok: false, error: e instanceof Error ? e.message : String(e) })
    }
  },
}
