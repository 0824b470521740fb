import { checkService, type ProxyOptions } from '../proxy/operator.js'
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
 * was reported by the caller); the operator API's `checkService` reaches the store and reads its
 * schema level, creating and migrating nothing. Exit 0 when the service would start: an older
 * schema is fine (the service migrates it at start, and says how many steps), a newer one is not
 * (`CommentStoreTooNew`), nor a store out of reach (`CommentStoreUnavailable`).
 */
export async function proxyCheck(options: ProxyOptions, print: (err: unknown) => void): Promise<number> {
  const found = await checkService(options)
  if (!found.ok && found.failed === 'store') {
    print(storeProblem(found.error))
    return 1
  }
  if (!found.ok && found.failed === 'port') {
    print(problem('PortInUse', { port: options.port, host: options.host }))
    return 1
  }
  console.log(`settings: ok (listens on ${options.host}:${options.port}; origins: ${options.origins.join(', ') || 'none'})`)
  const steps = (n: number) => `${n} step${n === 1 ? '' : 's'}`
  const { store } = found
  const state = store.created
    ? `no file yet: the service creates it at start and migrates it (${steps(store.pending)})`
    : store.pending > 0
      ? `schema version ${store.level} of ${store.known}: will migrate ${steps(store.pending)} at start`
      : `schema version ${store.level}, up to date`
  console.log(`store: ${shownStore(options.store)} reached; ${state}`)
  if (options.smtpUrl !== undefined && options.mailFrom !== undefined) {
    // The login only: no mail is sent (`gptnotes comments notify-test` sends one).
    const { shownSmtp } = await import('./notify-test.js')
    if (!found.ok) {
      const error = found.failed === 'smtp' ? found.error : undefined
      print(problem('NotifySmtpFailed', { host: shownSmtp(options.smtpUrl), reason: (error as { code?: string } | undefined)?.code ?? 'smtp' }, undefined, { cause: error }))
      return 1
    }
    console.log(`smtp: ${shownSmtp(options.smtpUrl)} answered and accepted the login`)
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
