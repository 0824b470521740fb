import { CATALOGUE, hintOf, isProblemCode, messageOf, type ErrorCode, type ParamsOf, type WarningCode } from './catalogue.js'
import { codeFrame } from './code-frame.js'

/**
 * Errors a user can fix: what happened, where (file:line:column with a code frame) and what to
 * do, all as data. Their text comes from the catalogue; the CLI and the dev server print them.
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
  /** A frame drawn already (an error rebuilt after crossing a worker boundary). */
  frame?: string
  /** The catalogue parameters the message and hint were made from. */
  params?: unknown
  cause?: unknown
}

export class GptnotesError extends Error {
  readonly hint?: string
  readonly loc?: SourceLocation
  readonly frame?: string
  readonly params?: unknown
  /** The build stage that raised it (set by the pipeline). */
  stage?: string

  constructor(init: GptnotesErrorInit) {
    super(init.message, { cause: init.cause })
    this.name = init.name
    this.hint = init.hint
    this.loc = init.loc
    this.params = init.params
    this.frame = init.frame ?? (init.loc && init.source !== undefined ? codeFrame(init.source, init.loc.line, init.loc.column) : undefined)
  }

  /** The catalogue code: the same as `name`. */
  get code(): string {
    return this.name
  }
}

/** Several errors found in one pass (every broken link of a site, say), reported together. */
export class GptnotesErrors extends Error {
  /** The build stage that found them (set by the pipeline). */
  stage?: string
  constructor(readonly errors: GptnotesError[]) {
    super(`${errors.length} problem${errors.length === 1 ? '' : 's'} found`)
    this.name = 'GptnotesErrors'
  }
}

/** Something the build noticed that does not stop it (a `#hash` that matches no heading). */
export interface BuildWarning {
  /** Stable name, as error names are (`HashNotFound`); its hint is the catalogue's. */
  code: string
  message: string
  loc?: SourceLocation
}

export interface ProblemExtras {
  /** The text of `loc.file`, for the code frame. */
  source?: string
  cause?: unknown
}

/** The catalogue's error `code` with `params`, at `loc`. */
export function problem<C extends ErrorCode>(code: C, params: ParamsOf<C>, loc?: SourceLocation, extras: ProblemExtras = {}): GptnotesError {
  return new GptnotesError({ name: code, message: messageOf(code, params), hint: hintOf(code, params), loc, params, ...extras })
}

/** Throw the catalogue's error `code`. */
export function raise<C extends ErrorCode>(code: C, params: ParamsOf<C>, loc?: SourceLocation, extras?: ProblemExtras): never {
  throw problem(code, params, loc, extras)
}

/** The catalogue's warning `code` as data. */
export function warning<C extends WarningCode>(code: C, params: ParamsOf<C>, loc?: SourceLocation): BuildWarning {
  return loc ? { code, message: messageOf(code, params), loc } : { code, message: messageOf(code, params) }
}

/** A warning's hint: warnings carry no parameters, so only a plain-text hint applies. */
export function warningHint(code: string): string | undefined {
  const hint: unknown = isProblemCode(code) ? CATALOGUE[code].hint : undefined
  return typeof hint === 'string' ? hint : undefined
}

/** Name the stage an error came from (an aggregate and every error in it); the error itself is returned. */
export function inStage(err: unknown, stage: string): unknown {
  const list = err instanceof GptnotesErrors ? [err, ...err.errors] : [err]
  for (const e of list) if (e instanceof Error && !(e as { stage?: string }).stage) (e as { stage?: string }).stage = stage
  return err
}
