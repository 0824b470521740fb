import { createServer } from 'node:net'
import type { ProxyOptions } from '../proxy/options.js'
import { problem, warning } from '../render/errors/index.js'
import { formatWarning } from './format-problem.js'

/** The catalogue's problem for a store that cannot be used: `CommentStoreTooNew` for one a newer gptnotes migrated, else `CommentStoreUnavailable`. */
export function storeProblem(err: unknown) {
  const tooNew = err instanceof Error && err.name === 'StoreTooNew' ? (err as Error & { level: number; known: number }) : undefined
  return tooNew
    ? problem('CommentStoreTooNew', { level: tooNew.level, known: tooNew.known }, undefined, { cause: err })
    : problem('CommentStoreUnavailable', { reason: err instanceof Error ? err.message : String(err) }, undefined, { cause: err })
}

/** A store address fit to print: a PostgreSQL URL without its password, query or path beyond the database. */
export function shownStore(url: string): string {
  if (!/^postgres(ql)?:\/\//.test(url)) return url
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.username ? `${decodeURIComponent(u.username)}@` : ''}${u.host}${u.pathname}`
  } catch {
    return 'postgres://…'
  }
}

/**
 * `gptnotes proxy --check`, for deploy scripts: the settings are already resolved (a wrong one
 * was reported by the caller); this reaches the store and reads its schema level, creating and
 * migrating nothing. Exit 0 when the service would start: an older schema is fine (the service
 * migrates it at start, and says how many steps), a newer one is not (`CommentStoreTooNew`), nor
 * a store out of reach (`CommentStoreUnavailable`).
 */
export async function proxyCheck(options: ProxyOptions, print: (err: unknown) => void): Promise<number> {
  const { checkStore } = await import('../proxy/stores/open-store.js')
  let found: Awaited<ReturnType<typeof checkStore>>
  try {
    found = await checkStore(options.store)
  } catch (err) {
    print(storeProblem(err))
    return 1
  }
  if (options.port !== 0 && !(await portFree(options.host, options.port))) {
    print(problem('PortInUse', { port: options.port, host: options.host }))
    return 1
  }
  console.log(`settings: ok (listens on ${options.host}:${options.port}; origins: ${options.origins.join(', ') || 'none'})`)
  const steps = (n: number) => `${n} step${n === 1 ? '' : 's'}`
  const state = found.created
    ? `no file yet: the service creates it at start and migrates it (${steps(found.pending)})`
    : found.pending > 0
      ? `schema version ${found.level} of ${found.known}: will migrate ${steps(found.pending)} at start`
      : `schema version ${found.level}, up to date`
  console.log(`store: ${shownStore(options.store)} reached; ${state}`)
  if (options.smtpUrl !== undefined && options.mailFrom !== undefined) {
    // The login only: no mail is sent (`gptnotes comments notify-test` sends one).
    const { smtpMailer } = await import('../proxy/notify/smtp.js')
    const { shownSmtp } = await import('./notify-test.js')
    const mailer = smtpMailer(options.smtpUrl, options.mailFrom)
    try {
      await mailer.verify()
      console.log(`smtp: ${shownSmtp(options.smtpUrl)} answered and accepted the login`)
    } catch (err) {
      print(problem('NotifySmtpFailed', { host: shownSmtp(options.smtpUrl), reason: (err as { code?: string }).code ?? 'smtp' }, undefined, { cause: err }))
      return 1
    } finally {
      mailer.close()
    }
  }
  if (options.webhookUrls.length > 0) {
    const formats = options.webhookUrls.map((w) => w.format ?? options.webhookFormat)
    console.log(`webhooks: ${options.webhookUrls.length} (${formats.join(', ')}); \`gptnotes comments notify-test\` sends a test message`)
  }
  if (options.publicUrl !== undefined) console.log(`links in messages: ${options.publicUrl}/admin/`)
  if (options.origins.length === 0) {
    console.warn(`warning ${formatWarning(warning('ProxyNoOrigins', {}))}`)
    console.log('ready to start, but NO SITE CAN USE IT: GPTNOTES_ORIGINS is empty, so every browser is refused')
    return 0
  }
  console.log('ready to start')
  return 0
}

/** Whether the service could listen there now (another program, or a running service, may hold the port). */
function portFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, host, () => server.close(() => resolve(true)))
  })
}
