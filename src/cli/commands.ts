import type { Command } from 'commander'
import { resolve } from 'node:path'
import type { InitOptions } from './init/command.js'
import type { NewPostOptions } from './new-post/command.js'

/*
 * Every command's arguments. Each action imports its implementation only when it runs, so
 * `--help` and one command never load the others (the build chain is the heaviest).
 */

/** Options every command takes. */
const ROOT_OPTION = ['--root <dir>', 'site folder holding content/ and gptnotes.config.ts', '.'] as const
const DEBUG_OPTION = ['--debug', 'print stack traces with errors'] as const

export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('build the site into static files (stages and a summary; --debug adds stack traces)')
    .option(...ROOT_OPTION)
    .option('--out <dir>', 'output folder (default: <root>/dist)')
    .option(...DEBUG_OPTION)
    .action(async (opts: { root: string; out?: string; debug?: boolean }) => {
      const root = resolve(opts.root)
      process.exitCode = await (await import('./build.js')).buildCommand({ root, out: resolve(root, opts.out ?? 'dist'), debug: !!opts.debug })
    })
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the site locally, rebuild on change and reload open pages')
    .option(...ROOT_OPTION)
    .option('--port <port>', 'port to listen on', '4173')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--open', 'open the site in a browser')
    .option(...DEBUG_OPTION)
    .action(async (opts: { root: string; port: string; host: string; open?: boolean; debug?: boolean }) => {
      const port = Number(opts.port)
      if (!/^\d+$/.test(opts.port) || port > 65535) {
        console.error(`error --port must be a whole number from 0 to 65535, got "${opts.port}"`)
        process.exit(2)
      }
      process.exitCode = await (await import('./serve.js')).serveCommand({ root: resolve(opts.root), port, host: opts.host, open: !!opts.open, debug: !!opts.debug })
    })
}

export function registerCheckLinks(program: Command): void {
  program
    .command('check-links')
    .description('check every link, anchor, image, script and stylesheet of the site as its sources are now (built in memory)')
    .option(...ROOT_OPTION)
    .option('--out <dir>', 'check this built output as it is instead (built there first when missing)')
    .option('--external', 'also check http(s) links (results cached for an hour in node_modules/.cache/gptnotes/links.json)')
    .option('--json', 'print {problems: [{file, line, column, link, reason}], summary} as JSON')
    .option('--timeout <ms>', 'time-out of each external request in milliseconds', '10000')
    .option(...DEBUG_OPTION)
    .action(async (o: { root: string; out?: string; external?: boolean; json?: boolean; timeout: string; debug?: boolean }) => {
      if (!/^\d+$/.test(o.timeout) || Number(o.timeout) < 1) {
        console.error(`error --timeout must be a positive whole number of milliseconds, got "${o.timeout}"`)
        process.exit(2)
      }
      const root = resolve(o.root)
      process.exitCode = await (await import('./check-links.js')).checkLinksCommand({
        root,
        out: o.out === undefined ? undefined : resolve(root, o.out),
        external: !!o.external,
        json: !!o.json,
        timeoutMs: Number(o.timeout),
        debug: !!o.debug,
      })
    })
}

export function registerNewPost(program: Command): void {
  program
    .command('new-post')
    .description('create a page in content/handbook/ from a template (asks in a terminal; flags and --yes for scripts)')
    .option(...ROOT_OPTION)
    .option('--title <title>', 'page title (required without a terminal)')
    .option('--slug <slug>', 'file and address name: a-z, 0-9, "-", "_" (default: the title in pinyin)')
    .option('--tags <list>', 'comma-separated tags, e.g. ChatGPT,教程')
    .option('--categories <list>', 'comma-separated categories')
    .option('--date <YYYY-MM-DD>', 'page date (default: today)')
    .option('--template <name>', 'template from templates/ (default: tutorial)')
    .option('--group <title>', 'sidebar group to add the page to (default: none)')
    .option('-y, --yes', 'take the defaults for everything not given; never ask')
    .option('--force', 'overwrite an existing page')
    .option(...DEBUG_OPTION)
    .action(async (opts: NewPostOptions) => {
      process.exitCode = await (await import('./new-post/command.js')).newPostCommand(opts)
    })
}

export function registerProxy(program: Command): void {
  const proxy = program
    .command('proxy')
    .description('run the comment service (LeanCloud-compatible comment store, counters, admin API) on Node')
    .option('--port <port>', 'port to listen on (default 8787)')
    .option('--host <host>', 'address to listen on (default 127.0.0.1)')
    .option('--store <url>', 'comment store: sqlite:PATH or postgres://… (default: GPTNOTES_STORE, then sqlite:./comments.db)')
    .option('--config <file>', 'JSON file of settings (flags win over it, it wins over GPTNOTES_* variables)')
    .option('--check', 'check the settings and reach the store, changing nothing, then exit 0 (ready to start) or 1 naming the problem')
    .option(...DEBUG_OPTION)
    .action(async (opts: { port?: string; host?: string; store?: string; config?: string; check?: boolean; debug?: boolean }) => {
      if (opts.port !== undefined && (!/^\d+$/.test(opts.port) || Number(opts.port) > 65535)) {
        console.error(`error --port must be a whole number from 0 to 65535, got "${opts.port}"`)
        process.exit(2)
      }
      process.exitCode = await (await import('./proxy.js')).proxyCommand({ ...opts, debug: !!opts.debug })
    })
  proxy
    .command('init')
    .description('write a starter to deploy the comment service elsewhere: --edge DIR for Cloudflare Workers + D1 (wrangler.toml, worker entry, D1 migrations, README)')
    .requiredOption('--edge <dir>', 'folder to write the Cloudflare Workers + D1 starter to (new or empty)')
    .option('--force', 'write into a folder that holds files (files of the same names are replaced)')
    .option(...DEBUG_OPTION)
    .action(async (opts: { edge: string; force?: boolean; debug?: boolean }) => {
      process.exitCode = await (await import('./proxy-init.js')).proxyInitCommand({ edge: opts.edge, force: !!opts.force, debug: !!opts.debug })
    })
}

const STORE_OPTION = ['--store <url>', 'comment store: sqlite:PATH or postgres://… (default: GPTNOTES_STORE, then sqlite:./comments.db)'] as const
const SERVICE_OPTIONS = [
  ['--service <url>', "moderate through a running service's admin API instead of the store (token: GPTNOTES_ADMIN_TOKEN)"],
  ['--token <token>', 'admin token for --service (default: GPTNOTES_ADMIN_TOKEN)'],
] as const

const usageError = (message: string): never => {
  console.error(`error ${message}`)
  process.exit(2)
}

export function registerComments(program: Command): void {
  const comments = program.command('comments').description('move comments off LeanCloud (import, export) and moderate them (list, approve, spam, delete), test notifications (notify-test)')

  comments
    .command('import')
    .description('import a LeanCloud export (JSON Lines, one file per class), or with --from-leancloud the app itself; each file (each page) in one transaction, a second import adds nothing')
    .argument('[files...]', 'export files: Comment*.jsonl, Counter*.jsonl')
    .option('--class <name>', 'class of every file: Comment or Counter (default: from each file name)')
    .option(...STORE_OPTION)
    .option('--from-leancloud <api-url>', "read the app's Comment and Counter classes from LeanCloud's REST API instead of files (master key: LEANCLOUD_MASTER_KEY, or asked in a terminal)")
    .option('--app-id <id>', 'the App ID, with --from-leancloud')
    .option('--state <file>', 'where --from-leancloud keeps its place between runs (default: beside an SQLite store, else ./leancloud-import.json)')
    .option('--dry-run', 'with --from-leancloud: read and count, write nothing')
    .option(...DEBUG_OPTION)
    .action(async (files: string[], opts: { class?: string; store?: string; debug?: boolean; fromLeancloud?: string; appId?: string; state?: string; dryRun?: boolean }, cmd: Command) => {
      if (opts.fromLeancloud !== undefined) {
        if (files.length > 0 || opts.class !== undefined) usageError('--from-leancloud reads the app itself: give no files and no --class')
        if (opts.appId === undefined) usageError("--from-leancloud needs --app-id, the app's App ID")
        const { commentsImportLeanCloudCommand } = await import('./comments-import-leancloud.js')
        process.exitCode = await commentsImportLeanCloudCommand({ apiUrl: opts.fromLeancloud, appId: opts.appId!, store: opts.store, state: opts.state, dryRun: !!opts.dryRun, debug: !!opts.debug })
        return
      }
      if (opts.appId !== undefined || opts.state !== undefined || opts.dryRun) usageError('--app-id, --state and --dry-run go with --from-leancloud')
      if (files.length === 0) cmd.error("error: missing required argument 'files'")
      if (opts.class !== undefined && opts.class !== 'Comment' && opts.class !== 'Counter') usageError(`--class must be Comment or Counter, got "${opts.class}"`)
      const { commentsImportCommand } = await import('./comments.js')
      process.exitCode = await commentsImportCommand({ files, className: opts.class as 'Comment' | 'Counter' | undefined, store: opts.store, debug: !!opts.debug })
    })

  comments
    .command('export')
    .description('write the store as LeanCloud JSON Lines: DIR/Comment.jsonl and DIR/Counter.jsonl (or with --sql, as SQL for a D1 database)')
    .option('--out <dir>', 'folder to write the two files to', '.')
    .option('--sql <file>', 'write SQL for `wrangler d1 execute DB --file FILE` instead (a database migrated by `gptnotes proxy init --edge`)')
    .option(...STORE_OPTION)
    .option(...DEBUG_OPTION)
    .action(async (opts: { out: string; sql?: string; store?: string; debug?: boolean }) => {
      if (opts.sql !== undefined) {
        process.exitCode = await (await import('./comments-export-sql.js')).commentsExportSqlCommand({ sql: opts.sql, store: opts.store, debug: !!opts.debug })
        return
      }
      process.exitCode = await (await import('./comments.js')).commentsExportCommand({ out: opts.out, store: opts.store, debug: !!opts.debug })
    })

  comments
    .command('list')
    .description('list comments, newest first, 50 a page, with e-mail addresses')
    .option('--status <status>', 'waiting, approved or spam (default: all)')
    .option('--url <path>', "only this page's comments (its path, e.g. /gpt/handbook/a.html)")
    .option('--page <n>', 'page number', '1')
    .option('--json', 'print {results, count, page, pageSize} as JSON')
    .option(...STORE_OPTION)
    .option(...SERVICE_OPTIONS[0])
    .option(...SERVICE_OPTIONS[1])
    .option(...DEBUG_OPTION)
    .action(async (opts: { status?: string; url?: string; page: string; json?: boolean; store?: string; service?: string; token?: string; debug?: boolean }) => {
      if (opts.status !== undefined && !['waiting', 'approved', 'spam'].includes(opts.status)) usageError(`--status must be waiting, approved or spam, got "${opts.status}"`)
      if (!/^\d{1,4}$/.test(opts.page) || Number(opts.page) < 1 || Number(opts.page) > 1000) usageError(`--page must be a whole number from 1 to 1000, got "${opts.page}"`)
      process.exitCode = await (await import('./comments.js')).commentsListCommand({
        ...opts,
        status: opts.status as 'waiting' | 'approved' | 'spam' | undefined,
        page: Number(opts.page),
        json: !!opts.json,
        debug: !!opts.debug,
      })
    })

  const actions = [
    ['approve', 'approve a comment: readers see it'],
    ['spam', 'mark a comment as spam: readers no longer see it'],
    ['delete', 'delete a comment and the replies of its thread'],
  ] as const
  comments
    .command('notify-test')
    .description('send one test message on each configured notification channel (GPTNOTES_NOTIFY_MAIL over GPTNOTES_SMTP_URL, each GPTNOTES_WEBHOOK_URL) and say how each went')
    .option(...DEBUG_OPTION)
    .action(async (opts: { debug?: boolean }) => {
      process.exitCode = await (await import('./notify-test.js')).notifyTestCommand({ debug: !!opts.debug })
    })

  for (const [action, description] of actions) {
    comments
      .command(action)
      .description(description)
      .argument('<id>', "the comment's objectId (from comments list)")
      .option(...STORE_OPTION)
      .option(...SERVICE_OPTIONS[0])
      .option(...SERVICE_OPTIONS[1])
      .option(...DEBUG_OPTION)
      .action(async (id: string, opts: { store?: string; service?: string; token?: string; debug?: boolean }) => {
        process.exitCode = await (await import('./comments.js')).commentsModerateCommand(action, id, { ...opts, debug: !!opts.debug })
      })
  }
}

export function registerInit(program: Command): void {
  program
    .command('init')
    .description('start a new site: a config, a home page, a first post, package.json and a CI workflow (asks in a terminal; flags and --yes for scripts)')
    .argument('[dir]', 'folder of the new site (made when missing)', '.')
    .option('--title <title>', 'site title')
    .option('--lang <lang>', 'language of the pages: zh-CN or en-US')
    .option('--kind <kind>', 'docs (guides in a sidebar) or blog (posts listed on the home page)')
    .option('--comments', 'comments and page views (widget A; `serve` runs the comment service itself)')
    .option('--no-comments', 'no comments')
    .option('--mascot', 'the built-in mascot (看板娘)')
    .option('--no-mascot', 'no mascot')
    .option('--package <spec>', 'how package.json names gptnotes (default: ^ this version), e.g. a tarball path')
    .option('--yes', 'ask nothing: the flags, then the defaults')
    .option('--force', 'write into a folder that already has files (files of the same names are replaced)')
    .action(async (dir: string, opts: Omit<InitOptions, 'dir'>) => {
      process.exitCode = await (await import('./init/command.js')).initCommand({ ...opts, dir })
    })
}

export function registerMigrate(program: Command): void {
  const migrate = program.command('migrate').description('move a site from another generator: migrate vuepress SRC')
  migrate
    .command('vuepress')
    .description('convert a VuePress 1 / vuepress-theme-reco site: its config to gptnotes.config.ts, its pages to content/ (unchanged), .vuepress/public/ to content/public/; then build the result and report field by field')
    .argument('<src>', 'the VuePress source folder, the one holding .vuepress/ (often docs/)')
    .option('--out <dir>', 'folder to write the gptnotes site to (default: beside SRC, <SRC>-gptnotes)')
    .option('--dry-run', 'map, copy and build in a temporary folder only: write nothing, print the report')
    .option('--json', 'print the report as one JSON object')
    .option('--force', 'write into a folder that holds files an earlier migration did not write (files of the same names are replaced)')
    .option(...DEBUG_OPTION)
    .action(async (src: string, opts: { out?: string; dryRun?: boolean; json?: boolean; force?: boolean; debug?: boolean }) => {
      process.exitCode = await (await import('./migrate.js')).migrateCommand({ source: src, out: opts.out, dryRun: !!opts.dryRun, json: !!opts.json, force: !!opts.force, debug: !!opts.debug })
    })
}
