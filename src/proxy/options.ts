/**
 * The service's settings, resolved once at start: flags win over the config file, the file
 * over the environment (design.md §8). Pure: the inputs are plain records, so the Node adapter
 * passes `process.env` and the edge worker passes its bindings. A missing or wrong setting is a
 * `ProxyOptionError` that names it as the operator wrote it (`--store`, `store` in the config
 * file, `GPTNOTES_STORE`).
 */

export type Moderation = 'auto' | 'all' | 'none'

export interface ProxyLimits {
  /** Largest request body accepted, in bytes. */
  bodyBytes: number
  /** Most sub-requests in one `/1.1/batch`. */
  batchRequests: number
  /** Most OAuth token exchanges (`/oauth`, `/cors`) from one IP in a minute. */
  oauthPerMinute: number
}

export interface ProxyOptions {
  /** Exact site origins a browser may call from; empty: browsers are refused. */
  origins: string[]
  /** `sqlite:PATH` or `postgres://…` (Node; the edge worker uses its `DB` binding). */
  store: string
  host: string
  port: number
  /** Bearer token of `/admin`; undefined: `/admin` is off. */
  adminToken: string | undefined
  moderation: Moderation
  /** Seconds between two comments from one IP. */
  rateSeconds: number
  /** Seconds in which a reader's repeated views of a page count once. */
  counterWindowSeconds: number
  /** Take the client IP from `X-Forwarded-For` (behind a reverse proxy). */
  trustProxy: boolean
  /**
   * Salt of the IP hashes. Unset: a random one per start, so hashes cannot be linked across
   * restarts, but rate limits then hold per process (set it on the edge and for several instances).
   */
  secret: string | undefined
  /** Words that send a comment to moderation. */
  forbiddenWords: string[]
  /** OAuth apps (comment login): client id, secret and base URL per provider; no id: that provider is off. */
  githubClientId: string | undefined
  githubClientSecret: string | undefined
  githubUrl: string
  giteeClientId: string | undefined
  giteeClientSecret: string | undefined
  giteeUrl: string
  bitbucketClientId: string | undefined
  bitbucketClientSecret: string | undefined
  bitbucketUrl: string
  /** Allowed OAuth `redirect_uri` prefixes (origin and path); empty: the origins. */
  redirectUris: string[]
  limits: ProxyLimits
}

export const PROXY_DEFAULTS: ProxyOptions = Object.freeze({
  origins: [],
  store: 'sqlite:./comments.db',
  host: '127.0.0.1',
  port: 8787,
  adminToken: undefined,
  moderation: 'auto',
  rateSeconds: 20,
  counterWindowSeconds: 3600,
  trustProxy: false,
  secret: undefined,
  forbiddenWords: [],
  githubClientId: undefined,
  githubClientSecret: undefined,
  githubUrl: 'https://github.com',
  giteeClientId: undefined,
  giteeClientSecret: undefined,
  giteeUrl: 'https://gitee.com',
  bitbucketClientId: undefined,
  bitbucketClientSecret: undefined,
  bitbucketUrl: 'https://bitbucket.org',
  redirectUris: [],
  limits: Object.freeze({ bodyBytes: 64 * 1024, batchRequests: 20, oauthPerMinute: 30 }),
}) as ProxyOptions

export class ProxyOptionError extends Error {
  /** The setting as its source names it: `--port`, `rateSeconds` (config file), `GPTNOTES_STORE`. */
  readonly setting: string
  constructor(setting: string, message: string) {
    super(`${setting} ${message}`)
    this.name = 'ProxyOptionError'
    this.setting = setting
  }
}

/** Where a value came from: its name there, to name it in errors. */
type Source = 'flag' | 'file' | 'env'

interface Setting<T> {
  flag?: string
  file: string
  env?: string
  parse(raw: unknown, name: string): T
}

const fail = (name: string, message: string): never => {
  throw new ProxyOptionError(name, message)
}

const show = (raw: unknown): string => (typeof raw === 'string' ? `"${raw}"` : JSON.stringify(raw) ?? String(raw))

function text(raw: unknown, name: string): string {
  if (typeof raw !== 'string') return fail(name, `must be a string, got ${show(raw)}`)
  return raw.trim()
}

/** A list from a comma-separated string (flags, environment) or an array of strings (file). */
function list(raw: unknown, name: string): string[] {
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : fail(name, `must be a comma-separated list, got ${show(raw)}`)
  return items.map((item) => text(item, name)).filter((item) => item !== '')
}

function wholeNumber(min: number, max: number, unit: string) {
  return (raw: unknown, name: string): number => {
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN
    if (!Number.isInteger(n) || n < min || n > max) return fail(name, `must be a whole number of ${unit} from ${min} to ${max}, got ${show(raw)}`)
    return n
  }
}

function bool(raw: unknown, name: string): boolean {
  if (typeof raw === 'boolean') return raw
  const s = typeof raw === 'string' ? raw.trim().toLowerCase() : ''
  if (s === '1' || s === 'true') return true
  if (s === '0' || s === 'false' || s === '') return false
  return fail(name, `must be 1, true, 0 or false, got ${show(raw)}`)
}

function origin(value: string, name: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return fail(name, `must list origins such as https://example.com, got "${value}"`)
  }
  // An origin is scheme, host and port only: a path or a trailing slash would never match a browser's Origin.
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value) return fail(name, `must list exact origins such as https://example.com (no path, no trailing slash), got "${value}"`)
  return value
}

function storeUrl(raw: unknown, name: string): string {
  const s = text(raw, name)
  if (/^sqlite:.+/.test(s) || /^postgres(ql)?:\/\/.+/.test(s)) return s
  // Only the scheme is echoed: the rest of a URL may hold a password.
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(s)?.[0]
  return fail(name, `must be sqlite:PATH or postgres://USER@HOST/DB, got ${scheme ? `a "${scheme}" URL` : show(raw)}`)
}

/** An optional string: '' reads as unset. */
function optional(raw: unknown, name: string): string | undefined {
  const s = text(raw, name)
  return s === '' ? undefined : s
}

/** A provider's base URL (http or https, no query, no credentials); kept without a trailing slash. */
function baseUrl(raw: unknown, name: string): string {
  const s = text(raw, name)
  let url: URL | undefined
  try {
    url = new URL(s)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.search || url.hash) return fail(name, `must be an http(s) base URL such as https://github.com, got ${show(raw)}`)
  return url.href.replace(/\/+$/, '')
}

/** A `redirect_uri` prefix: an http(s) URL without credentials, query or fragment. */
function redirectPrefix(value: string, name: string): string {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.search || url.hash) return fail(name, `must list http(s) URLs such as https://example.com/oauth/ (origin and path), got "${value}"`)
  return url.href
}

const SETTINGS: { [K in Exclude<keyof ProxyOptions, 'limits'>]: Setting<ProxyOptions[K]> } & { [K in keyof ProxyLimits]: Setting<number> } = {
  origins: { file: 'origins', env: 'GPTNOTES_ORIGINS', parse: (raw, name) => list(raw, name).map((o) => origin(o, name)) },
  store: { flag: '--store', file: 'store', env: 'GPTNOTES_STORE', parse: storeUrl },
  host: {
    flag: '--host',
    file: 'host',
    parse: (raw, name) => {
      const s = text(raw, name)
      return s === '' ? fail(name, 'must be an address to listen on, got ""') : s
    },
  },
  port: { flag: '--port', file: 'port', parse: wholeNumber(0, 65535, 'port') },
  adminToken: {
    file: 'adminToken',
    env: 'GPTNOTES_ADMIN_TOKEN',
    parse: (raw, name) => {
      const s = text(raw, name)
      if (s === '') return undefined
      // A short token can be guessed; the admin API reads every e-mail address.
      return s.length < 16 ? fail(name, 'must be at least 16 characters (a long random string)') : s
    },
  },
  moderation: {
    file: 'moderation',
    env: 'GPTNOTES_MODERATION',
    parse: (raw, name) => {
      const s = text(raw, name)
      return s === 'auto' || s === 'all' || s === 'none' ? s : fail(name, `must be auto, all or none, got ${show(raw)}`)
    },
  },
  rateSeconds: { file: 'rateSeconds', env: 'GPTNOTES_RATE_SECONDS', parse: wholeNumber(0, 86400, 'seconds') },
  counterWindowSeconds: { file: 'counterWindowSeconds', env: 'GPTNOTES_COUNTER_WINDOW_SECONDS', parse: wholeNumber(0, 7 * 86400, 'seconds') },
  trustProxy: { file: 'trustProxy', env: 'GPTNOTES_TRUST_PROXY', parse: bool },
  secret: {
    file: 'secret',
    env: 'GPTNOTES_SECRET',
    parse: (raw, name) => {
      const s = text(raw, name)
      if (s === '') return undefined
      return s.length < 16 ? fail(name, 'must be at least 16 characters (a long random string)') : s
    },
  },
  forbiddenWords: { file: 'forbiddenWords', env: 'GPTNOTES_FORBIDDEN_WORDS', parse: list },
  githubClientId: { file: 'github.clientId', env: 'GITHUB_CLIENT_ID', parse: optional },
  githubClientSecret: { file: 'github.clientSecret', env: 'GITHUB_CLIENT_SECRET', parse: optional },
  githubUrl: { file: 'github.url', env: 'GITHUB_URL', parse: baseUrl },
  giteeClientId: { file: 'gitee.clientId', env: 'GITEE_CLIENT_ID', parse: optional },
  giteeClientSecret: { file: 'gitee.clientSecret', env: 'GITEE_CLIENT_SECRET', parse: optional },
  giteeUrl: { file: 'gitee.url', env: 'GITEE_URL', parse: baseUrl },
  bitbucketClientId: { file: 'bitbucket.clientId', env: 'BITBUCKET_CLIENT_ID', parse: optional },
  bitbucketClientSecret: { file: 'bitbucket.clientSecret', env: 'BITBUCKET_CLIENT_SECRET', parse: optional },
  bitbucketUrl: { file: 'bitbucket.url', env: 'BITBUCKET_URL', parse: baseUrl },
  redirectUris: { file: 'redirectUris', env: 'GPTNOTES_REDIRECT_URIS', parse: (raw, name) => list(raw, name).map((u) => redirectPrefix(u, name)) },
  bodyBytes: { file: 'limits.bodyBytes', env: 'GPTNOTES_BODY_BYTES', parse: wholeNumber(1024, 1024 * 1024, 'bytes') },
  batchRequests: { file: 'limits.batchRequests', env: 'GPTNOTES_BATCH_REQUESTS', parse: wholeNumber(1, 50, 'requests') },
  oauthPerMinute: { file: 'limits.oauthPerMinute', env: 'GPTNOTES_OAUTH_PER_MINUTE', parse: wholeNumber(1, 1_000_000, 'requests') },
}

/** Flags the CLI takes (strings as commander gives them). */
export interface ProxyFlags {
  port?: string
  host?: string
  store?: string
}

export interface ProxyOptionSources {
  flags?: ProxyFlags
  /** The config file's object (`--config` JSON, or the site config's `proxy` section). */
  file?: unknown
  /** The environment or the worker's bindings; values that are not strings (a database binding) are ignored. */
  env?: Record<string, unknown>
}

const FILE_KEYS = new Set(Object.values(SETTINGS).map((s) => s.file.split('.')[0]))

function fileValue(file: Record<string, unknown>, key: string): unknown {
  const [head, tail] = key.split('.')
  if (tail === undefined) return file[head]
  const inner = file[head]
  if (inner === undefined) return undefined
  if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return fail(head, 'must be an object in the config file')
  return (inner as Record<string, unknown>)[tail]
}

/** The settings from their three sources; throws `ProxyOptionError` naming the first bad one. */
export function resolveProxyOptions(sources: ProxyOptionSources = {}): ProxyOptions {
  const flags = (sources.flags ?? {}) as Record<string, string | undefined>
  const env = sources.env ?? {}
  const file = sources.file ?? {}
  if (file === null || typeof file !== 'object' || Array.isArray(file)) return fail('--config', 'must hold a JSON object')
  const fileRecord = file as Record<string, unknown>
  for (const key of Object.keys(fileRecord)) {
    if (!FILE_KEYS.has(key)) return fail(key, `is not a setting of the comment service (known: ${[...FILE_KEYS].join(', ')})`)
  }

  const pick = <T>(setting: Setting<T>, fallback: T): T => {
    const candidates: [Source, string | undefined, unknown][] = [
      ['flag', setting.flag, setting.flag ? flags[setting.flag.slice(2)] : undefined],
      ['file', setting.file, fileValue(fileRecord, setting.file)],
      ['env', setting.env, setting.env ? env[setting.env] : undefined],
    ]
    for (const [source, name, raw] of candidates) {
      if (name === undefined || raw === undefined) continue
      // Bindings may hold objects (the database); only strings are settings there.
      if (source === 'env' && typeof raw !== 'string') continue
      return setting.parse(raw, name)
    }
    return fallback
  }

  const d = PROXY_DEFAULTS
  return Object.freeze({
    origins: Object.freeze(pick(SETTINGS.origins, d.origins)) as string[],
    store: pick(SETTINGS.store, d.store),
    host: pick(SETTINGS.host, d.host),
    port: pick(SETTINGS.port, d.port),
    adminToken: pick(SETTINGS.adminToken, d.adminToken),
    moderation: pick(SETTINGS.moderation, d.moderation),
    rateSeconds: pick(SETTINGS.rateSeconds, d.rateSeconds),
    counterWindowSeconds: pick(SETTINGS.counterWindowSeconds, d.counterWindowSeconds),
    trustProxy: pick(SETTINGS.trustProxy, d.trustProxy),
    secret: pick(SETTINGS.secret, d.secret),
    forbiddenWords: Object.freeze(pick(SETTINGS.forbiddenWords, d.forbiddenWords)) as string[],
    githubClientId: pick(SETTINGS.githubClientId, d.githubClientId),
    githubClientSecret: pick(SETTINGS.githubClientSecret, d.githubClientSecret),
    githubUrl: pick(SETTINGS.githubUrl, d.githubUrl),
    giteeClientId: pick(SETTINGS.giteeClientId, d.giteeClientId),
    giteeClientSecret: pick(SETTINGS.giteeClientSecret, d.giteeClientSecret),
    giteeUrl: pick(SETTINGS.giteeUrl, d.giteeUrl),
    bitbucketClientId: pick(SETTINGS.bitbucketClientId, d.bitbucketClientId),
    bitbucketClientSecret: pick(SETTINGS.bitbucketClientSecret, d.bitbucketClientSecret),
    bitbucketUrl: pick(SETTINGS.bitbucketUrl, d.bitbucketUrl),
    redirectUris: Object.freeze(pick(SETTINGS.redirectUris, d.redirectUris)) as string[],
    limits: Object.freeze({
      bodyBytes: pick(SETTINGS.bodyBytes, d.limits.bodyBytes),
      batchRequests: pick(SETTINGS.batchRequests, d.limits.batchRequests),
      oauthPerMinute: pick(SETTINGS.oauthPerMinute, d.limits.oauthPerMinute),
    }),
  })
}

/** Options for tests and embedders: the defaults with some replaced (typed, not parsed). */
export function proxyOptions(overrides: Partial<Omit<ProxyOptions, 'limits'>> & { limits?: Partial<ProxyLimits> } = {}): ProxyOptions {
  return Object.freeze({ ...PROXY_DEFAULTS, ...overrides, limits: Object.freeze({ ...PROXY_DEFAULTS.limits, ...overrides.limits }) })
}
