/**
 * Errors a user can fix: what happened, where (file:line:column with a code frame) and what to
 * do. The CLI prints them without a stack trace unless `--debug`.
 */
export interface SourceLocation {
  file: string
  line: number
  column: number
}

export interface GptnotesErrorInit {
  /** Stable name, e.g. `FrontmatterInvalid`; never changes once published. */
  name: string
  message: string
  hint?: string
  loc?: SourceLocation
  /** The source text of `loc.file`, to draw a code frame. */
  source?: string
  cause?: unknown
}

export class GptnotesError extends Error {
  readonly hint?: string
  readonly loc?: SourceLocation
  readonly frame?: string

  constructor(init: GptnotesErrorInit) {
    super(init.message, { cause: init.cause })
    this.name = init.name
    this.hint = init.hint
    this.loc = init.loc
    if (init.loc && init.source !== undefined) this.frame = codeFrame(init.source, init.loc.line, init.loc.column)
  }
}

/** Several errors found in one pass (every broken link of a site, say), reported together. */
export class GptnotesErrors extends Error {
  constructor(readonly errors: GptnotesError[]) {
    super(`${errors.length} problem${errors.length === 1 ? '' : 's'} found`)
    this.name = 'GptnotesErrors'
  }
}

/** Two lines of context around `line` (1-based) and a caret under `column` (1-based). */
export function codeFrame(source: string, line: number, column: number): string {
  const lines = source.split(/\r?\n/)
  const from = Math.max(1, line - 2)
  const to = Math.min(lines.length, line + 1)
  const width = String(to).length
  const out: string[] = []
  for (let n = from; n <= to; n++) {
    const mark = n === line ? '>' : ' '
    out.push(`${mark} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`)
    if (n === line) {
      // Wide (CJK) characters take two terminal columns.
      const pad = (lines[n - 1] ?? '').slice(0, Math.max(0, column - 1)).replace(/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/g, '  ').replace(/[^\t ]/g, ' ')
      out.push(`  ${' '.repeat(width)} | ${pad}^`)
    }
  }
  return out.join('\n')
}

/** Print an error for a person: headline, location, frame, hint; the stack only when asked. */
export function formatError(err: unknown, { debug = false } = {}): string {
  if (err instanceof GptnotesErrors) {
    return err.errors.map((e) => formatError(e, { debug })).join('\n\n') + `\n\n${err.message}.`
  }
  if (err instanceof GptnotesError) {
    const parts = [`error [${err.name}] ${err.message}`]
    if (err.loc) parts.push(`  at ${err.loc.file}:${err.loc.line}:${err.loc.column}`)
    if (err.frame) parts.push(err.frame)
    if (err.hint) parts.push(`hint: ${err.hint}`)
    if (debug && err.stack) parts.push(err.stack)
    return parts.join('\n')
  }
  const e = err instanceof Error ? err : new Error(String(err))
  return debug ? (e.stack ?? e.message) : `error ${e.message}\n(run with --debug for the stack trace)`
}
