import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { notifyCases } from './notify-cases.js'

/** The notification cases on SQLite: a new file per suite. */
const dir = mkdtempSync(join(tmpdir(), 'gptnotes-notify-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let n = 0
notifyCases(() => `sqlite:${join(dir, `comments-${++n}.db`)}`)
