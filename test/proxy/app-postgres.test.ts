import pg from 'pg'
import { afterAll, beforeAll, describe } from 'vitest'
import { startProxyServer, type ProxyServer } from '../../src/proxy/node.js'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { openPostgresStore } from '../../src/proxy/stores/postgres.js'
import { CASE_BINDINGS, fromResponse, httpCases, toRequest } from './http-cases.js'
import { dropDatabase as dropTestDatabase } from '../helpers/postgres.js'

/**
 * The HTTP cases against the Node server on PostgreSQL (the store meant for several instances):
 * two servers, each with its own pool, on one database are the two instances of the concurrency
 * cases. `GPTNOTES_TEST_POSTGRES` overrides the server, as for the store cases.
 */
const SERVER = process.env.GPTNOTES_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const database = `gptnotes_http_${process.pid}_${Date.now().toString(36)}`
const admin = new pg.Client({ connectionString: SERVER })
let servers: ProxyServer[] = []

beforeAll(async () => {
  await admin.connect().catch((e: Error) => {
    throw new Error(`PostgreSQL is not reachable at ${new URL(SERVER).host} (set GPTNOTES_TEST_POSTGRES to another server): ${e.message}`)
  })
  await admin.query(`create database ${database}`)
  const url = new URL(SERVER)
  url.pathname = `/${database}`
  const options = resolveProxyOptions({ flags: { port: '0', host: '127.0.0.1', store: url.href }, env: CASE_BINDINGS })
  for (let i = 0; i < 2; i++) servers.push(await startProxyServer({ options, store: openPostgresStore(url.href), signals: false, log: () => {} }))
})

afterAll(async () => {
  for (const server of servers) await server.close()
  servers = []
  await dropTestDatabase(admin, database)
  await admin.end()
})

describe('the comment service on Node with PostgreSQL', () => {
  httpCases(
    () => async (req) => fromResponse(await fetch(toRequest(servers[0].url, req))),
    () => async (req) => fromResponse(await fetch(toRequest(servers[1].url, req))),
  )
})
