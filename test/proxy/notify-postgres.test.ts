import { postgresDatabase } from '../helpers/postgres.js'
import { notifyCases } from './notify-cases.js'

/**
 * The notification cases on PostgreSQL (design.md §7's server): the comment and its messages in
 * one statement, the outbox claimed with `for update skip locked`. Suites share one database;
 * each case's messages are told apart by their comments.
 */
const url = postgresDatabase('gptnotes_notify')
notifyCases(() => url)
