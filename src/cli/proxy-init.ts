/**
 * `gptnotes proxy init --edge DIR [--force]`: the starter of a Cloudflare Workers deployment of
 * the comment service (design.md §8.1): `wrangler.toml` (the D1 binding `DB`, the settings as
 * vars, the secrets named for `wrangler secret put`), `src/index.js` (the package's worker
 * entry), `migrations/*.sql` (the store's migrations as wrangler D1 migrations) and a README of
 * the next commands. Everything comes from the settings table and the migration list, so the
 * starter never drifts from the service; `templates/edge/` is this output, kept by a test.
 */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { d1MigrationFiles, isSecretSetting, SETTINGS, settingsOf, type Setting } from '../proxy/operator.js'
import { problem } from '../render/errors/index.js'
import { formatError } from './format-problem.js'

export interface StarterFile {
  /** The path inside the starter, `/`-separated. */
  path: string
  text: string
}

/** The worker's and the database's name in the starter; the owner may change both. */
const WORKER_NAME = 'gptnotes-comments'
/** Wrangler refuses a `database_id` until the owner pastes the one `wrangler d1 create` printed. */
export const DATABASE_ID_PLACEHOLDER = 'paste-the-database_id-printed-by-wrangler-d1-create'
/** A date the workerd of wrangler 4.86 supports; the worker uses web-standard APIs only. */
const COMPATIBILITY_DATE = '2026-04-01'

/** Settings that mean nothing on the worker: the store is its `DB` binding. */
const NODE_ONLY = new Set(['GPTNOTES_STORE'])

/** Mail settings: the worker sends no mail (no SMTP at the edge) and refuses them at start; shown commented, saying so. */
const EDGE_REFUSED = new Set(['GPTNOTES_SMTP_URL', 'GPTNOTES_MAIL_FROM', 'GPTNOTES_NOTIFY_MAIL'])

/** How often the worker's scheduled handler sends the notification outbox's retries. */
export const OUTBOX_CRON = '*/5 * * * *'


const tomlString = (s: string): string => JSON.stringify(s)

function shownValue(value: unknown): string {
  if (value === undefined) return ''
  if (Array.isArray(value)) return value.join(',')
  if (value === false) return 'false'
  return String(value)
}

const workerSettings = (): Setting<unknown>[] => settingsOf(SETTINGS).filter((s) => s.env !== undefined && !NODE_ONLY.has(s.env))

function wranglerToml(): string {
  const settings = workerSettings()
  const lines = [
    '# The gptnotes comment service on Cloudflare Workers, its store a D1 database.',
    '# Written by `gptnotes proxy init --edge`; README.md has the commands to deploy it.',
    `name = ${tomlString(WORKER_NAME)}`,
    'main = "src/index.js"',
    `compatibility_date = ${tomlString(COMPATIBILITY_DATE)}`,
    '',
    '# The comment store: the worker reads and writes it as `DB`. `wrangler d1 create` prints the',
    '# id to paste here; `wrangler d1 migrations apply DB` runs migrations/.',
    '[[d1_databases]]',
    'binding = "DB"',
    `database_name = ${tomlString(WORKER_NAME)}`,
    `database_id = ${tomlString(DATABASE_ID_PLACEHOLDER)}`,
    'migrations_dir = "migrations"',
    '',
    '# Notifications are sent right after each answer; retries (a webhook that was down) and',
    '# anything a stopped isolate left are sent by the scheduled handler, every five minutes.',
    '[triggers]',
    `crons = [${tomlString(OUTBOX_CRON)}]`,
    '',
    '# The settings (the same names as `gptnotes proxy` reads from the environment). A commented',
    '# line shows the default; uncomment it to change it. Booleans are `1`/`true`.',
    '[vars]',
  ]
  for (const s of settings.filter((x) => !isSecretSetting(x))) {
    if (EDGE_REFUSED.has(s.env!)) {
      lines.push(`# Node only: the worker sends no mail and refuses ${s.env} at start (use GPTNOTES_WEBHOOK_URL)`, `# ${s.env} = ""`)
      continue
    }
    lines.push(`# ${s.doc.replaceAll('`', '')}`)
    if (s.env === 'GPTNOTES_ORIGINS') lines.push(`${s.env} = "https://example.com"`)
    else lines.push(`# ${s.env} = ${tomlString(shownValue(s.default))}`)
  }
  lines.push('', '# Secrets are never vars: set each one the service should have with', '#   npx wrangler secret put NAME')
  for (const s of settings.filter(isSecretSetting)) lines.push(`#   ${s.env!.padEnd(24)} ${s.doc.replaceAll('`', '')}`)
  return `${lines.join('\n')}\n`
}

/** Two lines: the package's worker entry, deployed as it is. */
const ENTRY = "// The gptnotes comment service: the package's worker entry, deployed as it is.\nexport { default } from 'gptnotes/proxy/worker'\n"

function readme(migrations: string[]): string {
  const secrets = workerSettings().filter(isSecretSetting)
  return `# The gptnotes comment service on Cloudflare Workers + D1

Written by \`gptnotes proxy init --edge\`. The worker is the package's own entry
(\`src/index.js\` re-exports \`gptnotes/proxy/worker\`); its store is the D1 database bound as
\`DB\`; its settings are the \`[vars]\` of \`wrangler.toml\` and the secrets below.

## Deploy

In this folder:

1. \`npm install gptnotes\` (and \`npm install --save-dev wrangler\`, or use a global \`wrangler\`;
   \`npx wrangler login\` once). Where gptnotes comes as a tarball (\`npm pack\` in its
   repository makes \`gptnotes-<version>.tgz\`), install that file instead:
   \`npm install ../gptnotes-0.1.0.tgz\`.
2. \`npx wrangler d1 create ${WORKER_NAME}\`, and paste the \`database_id\` it prints into
   \`wrangler.toml\` in place of \`${DATABASE_ID_PLACEHOLDER}\`.
3. \`npx wrangler d1 migrations apply DB --remote\`: creates the tables (${migrations.map((m) => `\`migrations/${m}\``).join(', ')}).
4. Set \`GPTNOTES_ORIGINS\` in \`wrangler.toml\` to your site's origin(s), and the secrets:
${secrets.map((s) => `   - \`npx wrangler secret put ${s.env}\`: ${s.doc}`).join('\n')}

   \`GPTNOTES_ADMIN_TOKEN\` turns \`/admin\` on; \`GPTNOTES_SECRET\` keys the IP hashes, so rate
   limits, counter windows and login limits hold across the worker's isolates and restarts (without
   it each isolate makes its own). The client secrets are needed only for the comment login of
   those platforms.
5. \`npx wrangler deploy\`. It prints the worker's address
   (\`https://${WORKER_NAME}.<your subdomain>.workers.dev\`); set the site's
   \`valineConfig.serverURLs\` to it and rebuild the site.

## Notifications

The worker tells the owner of new comments through webhooks (\`GPTNOTES_WEBHOOK_URL\`, each
address in \`GPTNOTES_WEBHOOK_FORMAT\` or in its own as \`FORMAT=URL\`: \`json\`, \`wecom\`,
\`dingtalk\` or \`feishu\`; the robot's signing secret as the secret
\`GPTNOTES_WEBHOOK_SECRET\`). Set \`GPTNOTES_PUBLIC_URL\` to the worker's address: the messages'
\`/admin/\` links are made from it, never from a request's \`Host\`, and the worker does not
start with a webhook and without it. It sends **no mail**: a worker cannot
open SMTP connections, so it refuses the mail settings at start; run \`gptnotes proxy\` on Node
for mail. The first try goes right after each answer; retries run from the Cron Trigger in
\`wrangler.toml\` (\`[triggers] crons\`, every five minutes).

## Bring the comments

From a LeanCloud export or app imported into a local store (\`gptnotes comments import …\`):

\`\`\`sh
npx gptnotes comments export --sql comments.sql --store sqlite:./comments.db
npx wrangler d1 execute DB --remote --file comments.sql
\`\`\`

The file skips ids already in the database, so running it again adds nothing.

## Try it locally

\`npx wrangler d1 migrations apply DB --local\`, \`npx wrangler d1 execute DB --local --file
comments.sql\`, then \`npx wrangler dev\` serves the worker on \`http://localhost:8787\`.

## Upgrade

After \`npm update gptnotes\`, write a fresh starter elsewhere
(\`npx gptnotes proxy init --edge ../starter\`), copy its new \`migrations/*.sql\` here and run step 3
again before \`npx wrangler deploy\`.
`
}

/** Every file of the starter, from the settings table and the migration list. */
export function edgeStarterFiles(): StarterFile[] {
  const migrations = d1MigrationFiles()
  return [
    { path: 'README.md', text: readme(migrations.map((m) => m.name)) },
    { path: 'wrangler.toml', text: wranglerToml() },
    { path: 'src/index.js', text: ENTRY },
    ...migrations.map((m) => ({ path: `migrations/${m.name}`, text: m.text })),
  ]
}

export interface ProxyInitOptions {
  edge: string
  force: boolean
  debug: boolean
}

/** Whether DIR holds anything (a missing folder is empty). */
async function hasEntries(dir: string): Promise<boolean> {
  try {
    if (!(await stat(dir)).isDirectory()) return true
    return (await readdir(dir)).length > 0
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw err
  }
}

/** `gptnotes proxy init --edge DIR`: writes the starter; a non-empty DIR only with `--force`. */
export async function proxyInitCommand(opts: ProxyInitOptions): Promise<number> {
  const dir = resolve(opts.edge)
  try {
    if (!opts.force && (await hasEntries(dir))) {
      console.error(formatError(problem('EdgeStarterDirNotEmpty', { dir: opts.edge }), { debug: opts.debug }))
      return 1
    }
    const files = edgeStarterFiles()
    for (const file of files) {
      const path = join(dir, ...file.path.split('/'))
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, file.text)
    }
    for (const file of files) console.log(`${join(opts.edge, file.path)}`)
    console.log(`\nnext: the commands in ${join(opts.edge, 'README.md')} (npm install gptnotes, wrangler d1 create, wrangler deploy)`)
    return 0
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    console.error(formatError(problem('EdgeStarterUnwritable', { dir: opts.edge, reason }, undefined, { cause: err }), { debug: opts.debug }))
    return 1
  }
}
