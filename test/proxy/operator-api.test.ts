import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { checkService, exportSql, importFromLeanCloud, ImportStateUnusable, moderateStore, openCommentStore, resolveProxyOptions, type BadRecord } from '../../src/proxy/operator.js'
import { startLeanCloudFake, type LeanCloudFake } from '../helpers/leancloud-fake.js'
import { REPO_ROOT } from '../helpers/sites.js'

/**
 * The operator API (`gptnotes/proxy/operator`): what the CLI does to the comment service, as
 * functions that return results and print nothing. The CLI's own suites (comments-cli,
 * leancloud-import-api, check-health, notify-cli) run every function through the commands.
 */
let dir: string
const fakes: LeanCloudFake[] = []
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-operator-'))
})
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(fakes.splice(0).map((f) => f.close()))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const comment = (n: number, extra: Record<string, unknown> = {}) => ({
  objectId: `64a00000000000000000000${n}`,
  createdAt: `2022-01-0${n}T00:00:00.000Z`,
  url: '/gpt/a.html',
  nick: `Reader ${n}`,
  comment: `<p>comment ${n}</p>`,
  ...extra,
})

describe('gptnotes/proxy/operator', () => {
  it('is exported by the package (after `npm run compile`), with the functions the CLI calls', () => {
    const names = execFileSync(process.execPath, ['--input-type=module', '-e', "console.log(Object.keys(await import('gptnotes/proxy/operator')).join(' '))"], { cwd: REPO_ROOT, encoding: 'utf8' }).trim().split(' ')
    for (const name of ['startCommentService', 'checkService', 'importFromLeanCloud', 'importExportFile', 'exportFiles', 'exportSql', 'moderateStore', 'moderateService', 'notifyTest']) expect(names).toContain(name)
  })

  it('imports from LeanCloud into a store and keeps its place, returning counts and naming refused records, printing nothing', async () => {
    const f = await startLeanCloudFake({ pageSize: 2, classes: { Comment: [comment(1), comment(2, { comment: `<p>${'x'.repeat(6000)}</p>` }), comment(3, { nick: 'a\u0000b' }), comment(4)] } })
    fakes.push(f)
    const printed = [vi.spyOn(process.stdout, 'write'), vi.spyOn(process.stderr, 'write'), vi.spyOn(console, 'log'), vi.spyOn(console, 'error')]
    const store = await openCommentStore(`sqlite:${join(dir, 'import.db')}`)
    const statePath = join(dir, 'state', 'import.json')
    const bad: BadRecord[] = []
    try {
      const state = await importFromLeanCloud({ apiUrl: f.url, appId: f.appId, masterKey: f.masterKey, store, statePath, onBad: (b) => void bad.push(b) })
      expect(state.classes.Comment).toMatchObject({ done: true, read: 4, added: 2, bad: 2 })
      expect(bad).toEqual([
        { className: 'Comment', id: comment(2).objectId, reason: 'comment must be at most 5000 characters' },
        { className: 'Comment', id: comment(3).objectId, reason: 'nick may not contain a NUL character' },
      ])
      expect(JSON.parse(readFileSync(statePath, 'utf8'))).toMatchObject({ appId: f.appId, classes: { Comment: { done: true } } })
      expect((await exportSql(store)).comments).toBe(2)
      const page = await moderateStore(store).list({ page: 1 })
      expect(page.results.map((c) => c.objectId).sort()).toEqual([comment(1).objectId, comment(4).objectId])
      // Another app's state file is refused, not continued nor overwritten.
      await expect(importFromLeanCloud({ apiUrl: f.url, appId: 'AnotherApp-12345678', masterKey: f.masterKey, store, statePath })).rejects.toThrow(ImportStateUnusable)
    } finally {
      await store.close()
    }
    for (const spy of printed) expect(spy).not.toHaveBeenCalled()
  })

  it('checks the service without creating its store, stopping at the first problem', async () => {
    const path = join(dir, 'not-yet', 'comments.db')
    const options = resolveProxyOptions({ flags: { store: `sqlite:${path}`, port: '0' } })
    const fine = await checkService(options)
    expect(fine).toMatchObject({ ok: true, smtp: false, store: { created: true } })
    expect(existsSync(path)).toBe(false)
    const broken = await checkService(resolveProxyOptions({ flags: { store: 'postgres://nobody@127.0.0.1:1/none', port: '0' } }))
    expect(broken).toMatchObject({ ok: false, failed: 'store' })
  })
})
