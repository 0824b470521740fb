import { GptnotesError, type SourceLocation } from './problem.js'

/**
 * An error as plain data, to cross a worker boundary. Structured cloning keeps an Error's
 * message and stack but drops its class and own fields (hint, loc, frame), so every field
 * travels by name; the stack is the one from where it was thrown, for `--debug`.
 */
export interface WireError {
  name: string
  message: string
  stack?: string
  /** Set for catalogue errors (a GptnotesError); absent for anything unexpected (a bug). */
  code?: string
  hint?: string
  loc?: SourceLocation
  frame?: string
  params?: unknown
}

export function toWire(err: unknown): WireError {
  if (err instanceof GptnotesError) {
    const { name, message, stack, hint, loc, frame, params } = err
    return { name, message, stack, code: err.code, hint, loc, frame, params: cloneable(params) }
  }
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack }
  return { name: 'Error', message: String(err) }
}

/** The error again, of its class where it had one, with the stack from the other side. */
export function fromWire(wire: WireError): Error {
  const err = wire.code
    ? new GptnotesError({ name: wire.code, message: wire.message, hint: wire.hint, loc: wire.loc, frame: wire.frame, params: wire.params })
    : Object.assign(new Error(wire.message), { name: wire.name })
  if (wire.stack) err.stack = wire.stack
  return err
}

function cloneable(value: unknown): unknown {
  try {
    structuredClone(value)
    return value
  } catch {
    return undefined
  }
}
