/**
 * A Kysely dialect over a D1-style SQL binding (`prepare(sql).bind(…).all()`, `batch([…])`).
 * SQLite's SQL, so Kysely's SQLite adapter and compiler do the rest. D1 has no interactive
 * transactions: atomic work goes through `batch`, which D1 runs as one transaction.
 */
import { SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type DatabaseConnection, type CompiledQuery, type Dialect, type Driver, type Kysely, type QueryResult } from 'kysely'

/** What the store needs of the binding: a structural subset of the runtime's `D1Database`. */
export interface D1Binding {
  prepare(query: string): D1Statement
  batch(statements: D1Statement[]): Promise<D1Result[]>
}

export interface D1Statement {
  bind(...values: unknown[]): D1Statement
  all(): Promise<D1Result>
}

export interface D1Result {
  results?: unknown[]
  success?: boolean
  error?: string
  meta?: { changes?: number; last_row_id?: number | null }
}

/** D1 rejects a statement with more bound parameters than this; say so before sending it. */
export const D1_MAX_PARAMETERS = 100

export function prepareD1(binding: D1Binding, query: CompiledQuery): D1Statement {
  if (query.parameters.length > D1_MAX_PARAMETERS) throw new Error(`A D1 statement binds at most ${D1_MAX_PARAMETERS} parameters; this one has ${query.parameters.length}.`)
  // D1 binds null, numbers, strings and bytes; `undefined` would be an error.
  return binding.prepare(query.sql).bind(...query.parameters.map((p) => (p === undefined ? null : p)))
}

export function toQueryResult<R>(result: D1Result): QueryResult<R> {
  if (result.error) throw new Error(result.error)
  const changes = result.meta?.changes
  return { rows: (result.results ?? []) as R[], numAffectedRows: changes === undefined ? undefined : BigInt(changes) }
}

class D1Connection implements DatabaseConnection {
  constructor(private readonly binding: D1Binding) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return toQueryResult<R>(await prepareD1(this.binding, query).all())
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('D1 does not stream query results.')
  }
}

class D1Driver implements Driver {
  constructor(private readonly binding: D1Binding) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new D1Connection(this.binding)
  }
  async beginTransaction(): Promise<void> {
    throw new Error('D1 has no interactive transactions; the store runs atomic work as a batch.')
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

export class D1Dialect implements Dialect {
  constructor(private readonly binding: D1Binding) {}
  createAdapter() {
    return new SqliteAdapter()
  }
  createDriver(): Driver {
    return new D1Driver(this.binding)
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler()
  }
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db)
  }
}

/** Runs the statements as one batch: in order, all or none. */
export async function d1Batch(binding: D1Binding, queries: CompiledQuery[]): Promise<number[]> {
  if (queries.length === 0) return []
  const results = await binding.batch(queries.map((q) => prepareD1(binding, q)))
  return results.map((r) => Number(toQueryResult(r).numAffectedRows ?? 0))
}

