import { GptnotesError, GptnotesErrors, warningHint, type BuildWarning } from '../render/errors/index.js'

export interface FormatOptions {
  /** Add stack traces (`--debug`). */
  debug?: boolean
}

const stageOf = (err: unknown): string | undefined => (err as { stage?: string } | undefined)?.stage

/**
 * An error for a person: `error [Code] message`, its location, code frame and hint, the build
 * stage it came from; the stack only with `--debug` (for errors from a parse worker, the
 * worker's stack).
 */
export function formatError(err: unknown, { debug = false }: FormatOptions = {}): string {
  if (err instanceof GptnotesErrors) {
    // The stage is said once, for the whole list.
    const stage = stageOf(err)
    return err.errors.map((e) => formatOne(e, debug, false)).join('\n\n') + `\n\n${err.message}${stage ? ` during ${stage}` : ''}.`
  }
  return formatOne(err, debug, true)
}

function formatOne(err: unknown, debug: boolean, withStage: boolean): string {
  const stage = withStage ? stageOf(err) : undefined
  if (err instanceof GptnotesError) {
    const parts = [`error [${err.name}] ${err.message}`]
    if (err.loc) parts.push(`  at ${err.loc.file}:${err.loc.line}:${err.loc.column}`)
    if (stage) parts.push(`  during ${stage}`)
    if (err.frame) parts.push(err.frame)
    if (err.hint) parts.push(`hint: ${err.hint}`)
    if (debug && err.stack) parts.push(err.stack)
    // A driver's or the system's own error underneath: its stack is where the fault is.
    if (debug && err.cause instanceof Error && err.cause.stack) parts.push(`caused by ${err.cause.stack}`)
    return parts.join('\n')
  }
  const e = err instanceof Error ? err : new Error(String(err))
  const during = stage ? `\n  during ${stage}` : ''
  return debug ? `${e.stack ?? e.message}${during}` : `error ${e.message}${during}\n(run with --debug for the stack trace)`
}

/** A warning: `[Code] file:line:column  message`, then its hint. */
export function formatWarning(w: BuildWarning): string {
  const where = w.loc ? `${w.loc.file}:${w.loc.line}:${w.loc.column}  ` : ''
  const hint = warningHint(w.code)
  return `[${w.code}] ${where}${w.message}${hint ? `\n  hint: ${hint}` : ''}`
}
