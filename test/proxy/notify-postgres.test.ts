import { postgresDatabase } from '../helpers/postgres.js'
import { notifyCases } from './notify-cases.js'

/**
 * The notification cases on PostgreSQL (design.md §7's server): the comment and its messages in
 * one statement, the outbox claimed with `for update skip locked`. A database per server, as
 * the SQLite cases have a file per server.
 */
const urls = Array.from({ length: 9 }, (_, i) => postgresDatabase(`gptnotes_notify${i}`))
let n = 0
notifyCases(() => urls[n++])
