import type pg from 'pg'

/**
 * Drops a test database. Every store is closed by then, but a closing connection may still be
 * on its way out: let it go before the drop, which ends any connection left (one ending
 * meanwhile would report it).
 */
export async function dropTestDatabase(admin: pg.Client, database: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [database])
    if ((rows[0] as { n: number }).n === 0) break
    await new Promise((r) => setTimeout(r, 100))
  }
  await admin.query(`drop database if exists ${database} with (force)`)
}
