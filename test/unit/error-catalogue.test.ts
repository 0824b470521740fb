// The error catalogue, case by case: every entry is raised by a small site under
// test/fixtures/errors/<Code>/ (or, for the serve, proxy and comments commands, by the real CLI), and the report
// names its code, its file:line:column where the entry has one, its stage, and shows the
// catalogue's hint. A new entry without a case fails the first test.
import { execFile, spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { formatError, formatWarning } from '../../src/cli/format-problem.js'
import { devClient, errorPage, warningsEvent } from '../../src/dev-server/error-page.js'
import { buildSite } from '../../src/render/build-site.js'
import {
  CATALOGUE,
  GptnotesError,
  GptnotesErrors,
  hintOf,
  locateKeyPath,
  messageOf,
  problem,
  type BuildWarning,
  type ProblemCode,
} from '../../src/render/errors/index.js'
import Database from 'better-sqlite3'
import { latestMigration } from '../../src/proxy/stores/migrations.js'
import { migrateVuePress, type MigrateOptions } from '../../src/migrate/migrate-vuepress.js'
import { startLeanCloudFake, type LeanCloudFake } from '../helpers/leancloud-fake.js'
import { CLI, FIXTURES } from '../helpers/sites.js'
import { rejectionOf } from '../helpers/thrown.js'

interface Report {
  code: string
  message: string
  loc?: { file: string; line: number; column: number }
  frame?: string
  stage?: string
  /** The hint as printed by the CLI. */
  shown: string
  /** The catalogue parameters, for the expected message and hint. */
  params?: unknown
}

interface Case {
  code: ProblemCode
  /** `file:line:column` of the report, for entries that have a location. */
  at?: string
  stage?: string
  /** How to raise it; default: build the fixture test/fixtures/errors/<code>/. */
  raise?: () => Promise<Report>
}

async function buildFixture(code: ProblemCode, root = join(FIXTURES, 'errors', code), configTimeoutMs?: number): Promise<Report> {
  let err: unknown
  try {
    const output = await buildSite({ root, configTimeoutMs })
    const w = output.warnings.find((x) => x.code === code)
    if (w) return fromWarning(w)
  } catch (e) {
    err = e
  }
  const found = err instanceof GptnotesErrors ? err.errors.find((e) => e.name === code) : err
  if (!(found instanceof GptnotesError)) throw new Error(`${code}: the fixture raised ${String(err)}`)
  return { code: found.code, message: found.message, loc: found.loc, frame: found.frame, stage: found.stage, shown: formatError(err), params: found.params }
}

const fromWarning = (w: BuildWarning): Report => ({ code: w.code, message: w.message, loc: w.loc, shown: formatWarning(w) })

/** A site made for the case: symbolic links and names differing only in case are not committed. */
async function buildMade(code: ProblemCode, make: (root: string) => void): Promise<Report> {
  const root = mkdtempSync(join(tmpdir(), 'gptnotes-made-'))
  try {
    mkdirSync(join(root, 'content'))
    writeFileSync(join(root, 'content/index.md'), '# 首页\n')
    make(root)
    return await buildFixture(code, root)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

const run = promisify(execFile)
const servers: Server[] = []
afterAll(() => servers.forEach((s) => s.close()))

/** `gptnotes serve` on a port another program holds. */
async function serveOnBusyPort(): Promise<Report> {
  const busy = createServer()
  servers.push(busy)
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
  const port = (busy.address() as { port: number }).port
  // A copy: serve keeps its caches in the site folder.
  const root = mkdtempSync(join(tmpdir(), 'gptnotes-port-in-use-'))
  cpSync(join(FIXTURES, 'errors/PortInUse'), root, { recursive: true })
  try {
    const result = await run(process.execPath, [CLI, 'serve', '--root', root, '--port', String(port)], { env: { ...process.env, NO_COLOR: '1' } }).then(
      () => ({ stderr: '', code: 0 }),
      (e: { stderr: string; code: number }) => e,
    )
    expect(result.code).toBe(1)
    const headline = /^error \[(\w+)\] (.*)$/m.exec(result.stderr)
    return { code: headline?.[1] ?? '', message: headline?.[2] ?? '', shown: result.stderr, params: { port, host: '127.0.0.1' } }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/**
 * `gptnotes COMMAND --root X` where X is missing (or has no content/): exit 1 naming it, and
 * nothing created (no output, no cache, no empty site).
 */
async function cliWithoutSite(command: 'build' | 'serve' | 'check-links', withRoot: boolean): Promise<Report> {
  const parent = mkdtempSync(join(tmpdir(), 'gptnotes-no-site-'))
  const root = join(parent, 'site')
  if (withRoot) mkdirSync(root)
  try {
    const result = await run(process.execPath, [CLI, command, '--root', root], { env: { ...process.env, NO_COLOR: '1' } }).then(
      () => ({ stderr: '', code: 0 }),
      (e: { stderr: string; code: number }) => e,
    )
    expect(result.code).toBe(1)
    expect(readdirSync(parent)).toEqual(withRoot ? ['site'] : [])
    if (withRoot) expect(readdirSync(root)).toEqual([])
    const headline = /^error \[(\w+)\] (.*)$/m.exec(result.stderr)
    return { code: headline?.[1] ?? '', message: headline?.[2] ?? '', shown: result.stderr, params: { root } }
  } finally {
    rmSync(parent, { recursive: true, force: true })
  }
}

/** A free loopback port: bound, then let go. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** A folder for the comment service's cases, and a file where a folder is expected. */
const service = mkdtempSync(join(tmpdir(), 'gptnotes-service-errors-'))
const aFile = join(service, 'a-file')
writeFileSync(aFile, 'x')
afterAll(() => rmSync(service, { recursive: true, force: true }))

/**
 * `gptnotes proxy|comments ARGS` as an operator runs it, read back from its first `error [Code]`
 * (or `warning [Code]`) line, after it exits with `exit` (2: bad usage); `listening` stops the
 * service once it prints its address.
 */
async function serviceCli(args: string[], params: unknown, { env = {}, listening = false, exit = listening ? 0 : 1 }: { env?: Record<string, string>; listening?: boolean; exit?: number } = {}): Promise<Report> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GPTNOTES_')))
  const child = spawn(process.execPath, [CLI, ...args], { cwd: service, env: { ...clean, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  if (listening) child.stdout.on('data', (d: Buffer) => /comment service at/.test(d.toString()) && child.kill('SIGTERM'))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  expect(code, stderr).toBe(exit)
  const headline = /^(?:error|warning) \[(\w+)\] (.*)$/m.exec(stderr)
  return { code: headline?.[1] ?? '', message: headline?.[2] ?? '', shown: stderr, params }
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

const serviceStore = () => `sqlite:${join(service, 'comments.db')}`

/**
 * `gptnotes comments import --from-leancloud` against the loopback LeanCloud fake, set up by
 * `setUp` to fail as the case needs; `setUp` gives the master key to pass (none: not set).
 */
async function importFromLeanCloud(params: unknown, setUp: (f: LeanCloudFake) => string | undefined, extra: string[] = []): Promise<Report> {
  const f = await startLeanCloudFake()
  try {
    const key = setUp(f) ?? ''
    const store = `sqlite:${join(service, 'leancloud', 'comments.db')}`
    return await serviceCli(['comments', 'import', '--from-leancloud', f.url, '--app-id', f.appId, '--store', store, ...extra], params, { env: { LEANCLOUD_MASTER_KEY: key } })
  } finally {
    await f.close()
  }
}

const CASES: Case[] = [
  { code: 'FrontmatterSyntax', at: 'content/index.md:2:10', stage: 'parsePage' },
  { code: 'FrontmatterTabIndent', at: 'content/index.md:4:1', stage: 'parsePage' },
  { code: 'PlaceholderDescription', at: 'content/index.md:3:14' },
  { code: 'FrontmatterInvalid', at: 'content/index.md:3:7', stage: 'parsePage' },
  { code: 'ConfigSyntax', at: 'gptnotes.config.mjs:4:3', stage: 'loadConfig' },
  { code: 'ConfigNoExport', stage: 'loadConfig' },
  { code: 'ConfigRuntime', at: 'gptnotes.config.ts:4:9', stage: 'loadConfig' },
  { code: 'ConfigInvalid', at: 'gptnotes.config.mjs:7:21', stage: 'loadConfig' },
  { code: 'FeedsWithoutHostname', at: 'gptnotes.config.ts:6:5', stage: 'loadConfig' },
  { code: 'SidebarInvalid', at: 'gptnotes.config.ts:3:59', stage: 'checkReferences' },
  { code: 'DeadLink', at: 'content/index.md:5:3', stage: 'checkReferences' },
  { code: 'PageLinkNotFound', at: 'content/second.md:3:7', stage: 'checkReferences' },
  { code: 'MissingAsset', at: 'content/index.md:7:1', stage: 'checkReferences' },
  { code: 'HashNotFound', at: 'content/index.md:7:2' },
  { code: 'ThemeImageMissing', at: 'gptnotes.config.ts:6:5', stage: 'checkReferences' },
  { code: 'HomeFieldIgnored', at: 'content/README.md:4:14' },
  { code: 'DemoUnclosed', at: 'content/index.md:7:1', stage: 'parsePage' },
  { code: 'DemoUnknownSlot', at: 'content/index.md:5:1', stage: 'parsePage' },
  { code: 'DemoNoCode', at: 'content/index.md:7:1', stage: 'parsePage' },
  { code: 'DemoInlineScript', at: 'content/index.md:7:9' },
  { code: 'UnknownContainer', at: 'content/index.md:5:1' },
  { code: 'CodeImportNotFound', at: 'content/index.md:7:1', stage: 'parsePage' },
  { code: 'CodeImportOutsideSite', at: 'content/index.md:7:3', stage: 'parsePage' },
  { code: 'CodeImportRegionNotFound', at: 'content/index.md:7:1', stage: 'parsePage' },
  { code: 'ComponentUnknown', at: 'content/index.md:7:1' },
  { code: 'InterpolationUnknown', at: 'content/index.md:7:4' },
  { code: 'PageBlockLeftOut', at: 'content/index.md:7:1' },
  { code: 'PortInUse', raise: serveOnBusyPort },
  { code: 'SiteRootMissing', raise: () => cliWithoutSite('build', false) },
  { code: 'ContentMissing', raise: () => cliWithoutSite('serve', true) },
  { code: 'SymlinkOutsideSite', stage: 'scanContent', raise: () => buildMade('SymlinkOutsideSite', (root) => symlinkSync(tmpdir(), join(root, 'content/outside'))) },
  {
    code: 'SymlinkToFolder',
    stage: 'scanContent',
    raise: () =>
      buildMade('SymlinkToFolder', (root) => {
        mkdirSync(join(root, 'notes'))
        symlinkSync(join(root, 'notes'), join(root, 'content/notes'))
      }),
  },
  { code: 'OutputClash', stage: 'scanContent' },
  { code: 'OutputCaseClash', raise: () => buildMade('OutputCaseClash', (root) => ['A.md', 'a.md'].forEach((f) => writeFileSync(join(root, 'content', f), `# ${f}\n`))) },
  { code: 'NestingTooDeep', at: 'content/index.md:7:1', stage: 'parsePage' },
  { code: 'FrontmatterTooLarge', at: 'content/index.md:4:8', stage: 'parsePage' },
  { code: 'UnsafeUrl', at: 'content/index.md:7:1', stage: 'parsePage' },
  { code: 'InvalidEncoding', at: 'content/index.md:7:13' },
  { code: 'CommentsNoService' },
  { code: 'PasswordKeyInClear', at: 'content/index.md:3:7' },
  { code: 'PasswordTextOnly' },
  { code: 'LeanCloudNoMasterKey', raise: () => importFromLeanCloud({}, () => undefined) },
  { code: 'LeanCloudUnauthorized', raise: () => importFromLeanCloud({ detail: 'Comment: HTTP 401 code 401: Unauthorized.' }, () => 'not-the-master-key') },
  {
    code: 'LeanCloudRegionRefused',
    raise: () =>
      importFromLeanCloud({ detail: 'Comment: code 1020: Forbidden to access this domain.' }, (f) => {
        f.always = { kind: 'lcError', status: 403, code: 1020, error: 'Forbidden to access this domain.' }
        return f.masterKey
      }),
  },
  {
    code: 'LeanCloudQuotaExceeded',
    raise: () =>
      importFromLeanCloud({ detail: 'Comment: code 140: Exceeded an application quota. Upgrade to resolve.' }, (f) => {
        f.always = { kind: 'lcError', status: 403, code: 140, error: 'Exceeded an application quota. Upgrade to resolve.' }
        return f.masterKey
      }),
  },
  {
    code: 'LeanCloudUnavailable',
    raise: () =>
      importFromLeanCloud({ detail: 'Comment: HTTP 503 code 1: Service unavailable. (after 6 tries)' }, (f) => {
        f.always = { kind: 'status', status: 503, retryAfter: '0', body: { code: 1, error: 'Service unavailable.' } }
        return f.masterKey
      }),
  },
  {
    code: 'LeanCloudStateUnusable',
    raise: () => importFromLeanCloud({ file: aFile }, (f) => f.masterKey, ['--state', aFile]),
  },
  {
    code: 'LeanCloudRefused',
    raise: () =>
      importFromLeanCloud({ detail: 'Comment: HTTP 403 code 119: The operation is forbidden.' }, (f) => {
        f.always = { kind: 'status', status: 403, body: { code: 119, error: 'The operation is forbidden.' } }
        return f.masterKey
      }),
  },
  { code: 'ValineOptionIgnored', at: 'gptnotes.config.ts:11:9' },
  { code: 'VssueClientSecret', at: 'gptnotes.config.ts:11:7', stage: 'loadConfig' },
  { code: 'CommentsServiceInsecure', at: 'gptnotes.config.ts:10:9' },
  { code: 'VssueNoService' },
  { code: 'MascotCoreMissing', at: 'gptnotes.config.ts:8:7', stage: 'extraOutputs' },
  { code: 'MascotModelMissing', at: 'gptnotes.config.ts:7:26', stage: 'extraOutputs' },
  {
    code: 'MascotModelInvalid',
    at: 'gptnotes.config.ts:3:23',
    stage: 'extraOutputs',
    // A model package whose moc file was cut short (made here: no model is committed).
    raise: () =>
      buildMade('MascotModelInvalid', (root) => {
        writeFileSync(join(root, 'gptnotes.config.ts'), "export default {\n  themeConfig: {\n    mascot: { theme: ['wanko'], core: 'core.js' },\n  },\n}\n")
        writeFileSync(join(root, 'core.js'), '// stand-in\n')
        const pkg = join(root, 'node_modules/live2d-widget-model-wanko')
        mkdirSync(join(pkg, 'assets/moc'), { recursive: true })
        writeFileSync(join(pkg, 'package.json'), '{"name":"live2d-widget-model-wanko","version":"1.0.5"}')
        writeFileSync(join(pkg, 'assets/wanko.model.json'), '{"type":"Live2D Model Setting","model":"moc/wanko.moc","textures":[]}')
        writeFileSync(join(pkg, 'assets/moc/wanko.moc'), Buffer.from([0x6d, 0x6f, 0x63, 9, 0x81, 0x08, 0x88, 0x88]))
      }),
  },
  { code: 'ConfigNeverSettles', stage: 'loadConfig' },
  { code: 'ConfigTimeout', stage: 'loadConfig', raise: () => buildFixture('ConfigTimeout', undefined, 1000) },
  {
    code: 'ProxySettingInvalid',
    raise: () => serviceCli(['proxy', '--port', '0', '--store', 'mysql://db.example/c'], { setting: '--store', problem: 'must be sqlite:PATH or postgres://USER@HOST/DB, got a "mysql:" URL' }),
  },
  {
    code: 'NotifySmtpFailed',
    // `proxy --check` tries the SMTP login: here nothing listens on the port.
    raise: async () => {
      const port = await closedPort()
      const env = { GPTNOTES_PUBLIC_URL: 'https://comments.example.com', GPTNOTES_SMTP_URL: `smtp://127.0.0.1:${port}`, GPTNOTES_MAIL_FROM: 'gptnotes <noreply@example.com>', GPTNOTES_SECRET: 'catalogue-secret-0123456789' }
      return serviceCli(['proxy', '--check', '--store', `sqlite:${join(service, 'smtp-check.db')}`], { host: `smtp://127.0.0.1:${port}`, reason: 'ESOCKET' }, { env })
    },
  },
  {
    code: 'NotifyWebhookFailed',
    raise: async () => {
      const port = await closedPort()
      return serviceCli(['comments', 'notify-test'], { url: `http://127.0.0.1:${port}/robot/send?…`, reason: 'ECONNREFUSED' }, { env: { GPTNOTES_PUBLIC_URL: 'https://comments.example.com', GPTNOTES_WEBHOOK_URL: `http://127.0.0.1:${port}/robot/send?access_token=not-shown` } })
    },
  },
  {
    code: 'NotifyNotConfigured',
    raise: () => serviceCli(['comments', 'notify-test'], {}),
  },
  {
    code: 'CommentStoreUnavailable',
    raise: () => serviceCli(['proxy', '--port', '0', '--store', `sqlite:${join(aFile, 'comments.db')}`], { reason: `EEXIST: file already exists, mkdir '${aFile}'` }),
  },
  {
    code: 'CommentStoreTooNew',
    raise: () => {
      // A store whose migrations table names a version past this gptnotes's list.
      const store = join(service, 'newer.db')
      const db = new Database(store)
      db.exec(`create table gptnotes_migrations (version integer primary key, name text not null, applied_at text not null)`)
      db.prepare(`insert into gptnotes_migrations values (?, 'later', '2027-01-01T00:00:00.000Z')`).run(latestMigration() + 1)
      db.close()
      return serviceCli(['proxy', '--check', '--store', `sqlite:${store}`], { level: latestMigration() + 1, known: latestMigration() })
    },
  },
  {
    code: 'ProxyCannotListen',
    raise: async () => {
      const busy = createServer()
      servers.push(busy)
      await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
      const port = (busy.address() as { port: number }).port
      return serviceCli(['proxy', '--port', String(port), '--store', serviceStore()], { host: '127.0.0.1', port, reason: 'EADDRINUSE' })
    },
  },
  { code: 'ProxyNoOrigins', raise: () => serviceCli(['proxy', '--port', '0', '--store', serviceStore()], {}, { listening: true }) },
  { code: 'CommentsFileClass', raise: () => serviceCli(['comments', 'import', 'views.jsonl'], { file: 'views.jsonl' }, { exit: 2 }) },
  { code: 'CommentsFileUnreadable', raise: () => serviceCli(['comments', 'import', 'Comment-missing.jsonl'], { file: 'Comment-missing.jsonl', reason: 'ENOENT' }) },
  {
    code: 'CommentsImportRefused',
    raise: async () => {
      const store = join(service, 'refusing.db')
      writeFileSync(join(service, 'Comment-one.jsonl'), JSON.stringify({ objectId: 'one', createdAt: '2021-01-01T00:00:00.000Z', url: '/gpt/a.html', nick: 'n', comment: '<p>c</p>' }))
      // The schema first: an import of nothing makes the store (a read never does).
      writeFileSync(join(service, 'Comment-empty.jsonl'), '')
      await serviceCli(['comments', 'import', 'Comment-empty.jsonl', '--store', `sqlite:${store}`], {}, { exit: 0 })
      const db = new Database(store)
      db.exec(`create trigger refuse before insert on comments begin select raise(abort, 'refused'); end`)
      db.close()
      return serviceCli(['comments', 'import', 'Comment-one.jsonl', '--store', `sqlite:${store}`], { file: 'Comment-one.jsonl', reason: 'refused' })
    },
  },
  {
    code: 'CommentsExportUnwritable',
    raise: () => serviceCli(['comments', 'export', '--out', join(aFile, 'out'), '--store', serviceStore()], { out: join(aFile, 'out'), reason: `ENOTDIR: not a directory, mkdir '${join(aFile, 'out')}'` }),
  },
  {
    code: 'CommentsExportSqlUnwritable',
    raise: () => serviceCli(['comments', 'export', '--sql', join(aFile, 'out', 'comments.sql'), '--store', serviceStore()], { file: join(aFile, 'out', 'comments.sql'), reason: `ENOTDIR: not a directory, mkdir '${join(aFile, 'out')}'` }),
  },
  { code: 'EdgeStarterDirNotEmpty', raise: () => serviceCli(['proxy', 'init', '--edge', '.'], { dir: '.' }) },
  {
    code: 'EdgeStarterUnwritable',
    raise: () => serviceCli(['proxy', 'init', '--edge', join(aFile, 'edge')], { dir: join(aFile, 'edge'), reason: `ENOTDIR: not a directory, stat '${join(aFile, 'edge')}'` }),
  },
  { code: 'CommentsTargetTwice', raise: () => serviceCli(['comments', 'list', '--store', serviceStore(), '--service', 'http://127.0.0.1:1'], {}, { exit: 2 }) },
  { code: 'CommentsServiceUrl', raise: () => serviceCli(['comments', 'list', '--service', 'ftp://x'], { service: 'ftp://x' }, { env: { GPTNOTES_ADMIN_TOKEN: 'an-admin-token-of-some-length' }, exit: 2 }) },
  { code: 'CommentsNoAdminToken', raise: () => serviceCli(['comments', 'list', '--service', 'http://127.0.0.1:1'], {}, { exit: 2 }) },
  {
    code: 'CommentServiceRefused',
    raise: async () => {
      const url = `http://127.0.0.1:${await freePort()}`
      return serviceCli(['comments', 'list', '--service', url], { reason: `cannot reach the comment service at ${url} (ECONNREFUSED)` }, { env: { GPTNOTES_ADMIN_TOKEN: 'an-admin-token-of-some-length' } })
    },
  },
  { code: 'CommentStoreNotFound', raise: () => serviceCli(['comments', 'list', '--store', `sqlite:${join(service, 'absent', 'c.db')}`], { looked: [join(service, 'absent', 'c.db')] }) },
  { code: 'CommentNotFound', raise: () => serviceCli(['comments', 'delete', 'nosuchid', '--store', serviceStore()], { id: 'nosuchid' }) },
  { code: 'MigrateNoSource', raise: () => serviceCli(['migrate', 'vuepress', 'no-such-folder'], { source: 'no-such-folder' }) },
  {
    code: 'MigrateConfigRuntime',
    at: '.vuepress/config.js:2:6',
    raise: () => migrateError(vuepressSite('module.exports = {\n  a: b.c,\n}\n'), {}),
  },
  {
    code: 'MigrateConfigTimeout',
    raise: () => migrateError(vuepressSite('while (true) {}\n'), { configTimeoutMs: 500 }),
  },
  {
    code: 'MigrateOutNotEmpty',
    raise: () => {
      const src = vuepressSite('module.exports = {}\n')
      const out = join(service, 'migrate-foreign')
      mkdirSync(out, { recursive: true })
      writeFileSync(join(out, 'notes.txt'), 'mine')
      return serviceCli(['migrate', 'vuepress', src, '--out', out], { out })
    },
  },
  {
    code: 'MigrateOutOverlaps',
    raise: () => {
      const src = vuepressSite('module.exports = {}\n')
      return serviceCli(['migrate', 'vuepress', src, '--out', join(src, 'out')], { out: join(src, 'out'), source: src })
    },
  },
]

/** A VuePress source folder with this config, and a page. */
function vuepressSite(config: string): string {
  const src = mkdtempSync(join(service, 'vuepress-'))
  mkdirSync(join(src, '.vuepress'))
  writeFileSync(join(src, '.vuepress/config.js'), config)
  writeFileSync(join(src, 'README.md'), '# 首页\n')
  return src
}

/** What `gptnotes migrate vuepress` raises for this source (into a fresh output folder). */
async function migrateError(source: string, options: Partial<MigrateOptions>): Promise<Report> {
  const err = await rejectionOf(migrateVuePress({ source, out: `${source}-out`, ...options }), GptnotesError)
  return { code: err.name, message: err.message, loc: err.loc, frame: err.frame, stage: err.stage, shown: formatError(err), params: err.params }
}

describe('the error catalogue', () => {
  it('has one case per entry (a new entry needs a fixture that raises it)', () => {
    expect(CASES.map((c) => c.code).sort()).toEqual(Object.keys(CATALOGUE).sort())
  })

  it('words every entry: a message, a hint, a severity and whether it has a location', () => {
    for (const [code, entry] of Object.entries(CATALOGUE)) {
      expect(code, code).toMatch(/^[A-Z][A-Za-z]+$/)
      expect(['error', 'warning'], code).toContain(entry.severity)
      expect(['always', 'when-known', 'never'], code).toContain(entry.located)
      expect(entry.title, code).toMatch(/\.$/)
      if (entry.severity === 'warning') expect(typeof entry.hint, `${code}: warnings carry no parameters, so their hint is text`).toBe('string')
    }
  })

  for (const c of CASES) {
    it(`${c.code}: raised with its code${c.at ? `, at ${c.at}` : ''} and the catalogue's hint`, async () => {
      const entry = CATALOGUE[c.code]
      const report = await (c.raise ?? (() => buildFixture(c.code)))()
      expect(report.code).toBe(c.code)

      const params = report.params as never
      if (entry.severity === 'error') expect(report.message).toBe(messageOf(c.code, params))
      const hint = typeof entry.hint === 'string' ? entry.hint : hintOf(c.code, params)
      expect(report.shown).toContain(`hint: ${hint}`)

      if (entry.located === 'never') expect(report.loc).toBeUndefined()
      else {
        expect(c.at, 'a located entry names its location').toBeDefined()
        const loc = report.loc!
        expect(`${loc.file}:${loc.line}:${loc.column}`).toBe(c.at)
        expect(report.shown).toContain(`${c.at}`)
        if (entry.severity === 'error') expect(report.frame).toContain(`> ${loc.line} |`)
      }
      if (c.stage) {
        expect(report.stage).toBe(c.stage)
        expect(report.shown).toContain(`during ${c.stage}`)
      }
    })
  }
})

describe('locateKeyPath: a config key path in the config source', () => {
  const config = `import { defineConfig } from 'gptnotes'

// A comment with brackets ] } and a "quote" is skipped.
const handbook: string[] = [
  '/handbook/a.html',
  \`/handbook/\${'b'}.html\`,
  ['/handbook/c.html', 'C'],
]

export default defineConfig({
  title: '站点',
  themeConfig: {
    'nav': [{ text: '首页', link: '/' }],
    sidebar: { '/handbook/': handbook, "/news/": [{ title: '新闻', children: ['/news/a.html'] }] },
  },
})
`
  const at = (path: string) => {
    const p = locateKeyPath(config, path)
    return p && `${p.line}:${p.column}${p.exact ? '' : ' (parent)'}`
  }

  it('follows defineConfig, quoted keys, array elements and const bindings', () => {
    expect(at('title')).toBe('11:3')
    expect(at('themeConfig.nav[0].link')).toBe('13:27')
    expect(at('themeConfig.sidebar["/handbook/"]')).toBe('14:16')
    expect(at('themeConfig.sidebar["/handbook/"][1]')).toBe('6:3')
    expect(at('themeConfig.sidebar["/handbook/"][2]')).toBe('7:3')
    expect(at('themeConfig.sidebar["/news/"][0].children[0]')).toBe('14:77')
  })

  it('points at the longest prefix written when a key is missing, and at nothing it cannot read', () => {
    expect(at('themeConfig.nav[0].icon')).toBe('13:13 (parent)')
    expect(at('hostname')).toBeUndefined()
    expect(locateKeyPath('export default {', 'title')).toBeUndefined()
    expect(locateKeyPath(`export default config`, 'title')).toBeUndefined()
  })
})

describe('printing: the CLI and the dev server show the same data', () => {
  const dead = () => {
    const source = '---\ntitle: 首页\n---\n\n先读[安装](./install.md)。\n'
    const err = problem('DeadLink', { target: '/install.html' }, { file: 'content/index.md', line: 5, column: 3 }, { source })
    err.stage = 'checkReferences'
    return err
  }

  it('the CLI names the stage once for a list of errors, and keeps stacks for --debug', () => {
    const list = new GptnotesErrors([dead(), dead()])
    list.stage = 'checkReferences'
    const text = formatError(list)
    expect(text).toContain('error [DeadLink] link to a page that does not exist: /install.html\n  at content/index.md:5:3\n')
    expect(text).toContain('2 problems found during checkReferences.')
    expect(text.match(/during/g)).toHaveLength(1)
    expect(text).not.toMatch(/\n\s+at .*\.(js|ts):\d+/)
    expect(formatError(dead(), { debug: true })).toMatch(/\n\s+at .*\.(js|ts):\d+/)
    const bug = Object.assign(new TypeError('x is undefined'), { stage: 'render' })
    expect(formatError(bug)).toBe('error x is undefined\n  during render\n(run with --debug for the stack trace)')
  })

  it('the error page renders code, message, location, stage, frame and hint as HTML', () => {
    const html = errorPage(new GptnotesErrors([dead()]), '/gpt/__gptnotes/reload')
    expect(html).toContain('<h1>构建失败</h1>')
    expect(html).toContain('<span class="code">[DeadLink]</span><span class="message">link to a page that does not exist: /install.html</span>')
    expect(html).toContain('<p class="where">content/index.md:5:3 · during checkReferences</p>')
    expect(html).toContain('<pre class="frame">')
    expect(html).toContain('&gt; 5 | 先读[安装](./install.md)。')
    expect(html).toContain(`<p class="hint">hint: ${CATALOGUE.DeadLink.hint}</p>`)
    expect(html).not.toContain('class="stack"')
    expect(errorPage(dead(), '/r', { debug: true })).toContain('<pre class="stack">')
    expect(html).toContain(devClient('/gpt/__gptnotes/reload'))
  })

  it('warnings reach open pages as an event the page prints in its console, with their hints', () => {
    const event = warningsEvent([{ code: 'HashNotFound', message: '#x matches no heading on this page', loc: { file: 'content/a.md', line: 3, column: 1 } }])
    expect(event.startsWith('event: warnings\ndata: ')).toBe(true)
    expect(event.endsWith('\n\n')).toBe(true)
    const [sent] = JSON.parse(event.split('\n')[1].slice('data: '.length)) as (BuildWarning & { hint: string })[]
    expect(sent).toMatchObject({ code: 'HashNotFound', loc: { line: 3 }, hint: CATALOGUE.HashNotFound.hint })
    expect(devClient('/e')).toContain("addEventListener('warnings'")
  })
})
