import { FUNCTION_MARK, STAND_IN_MARK } from './config-worker.js'

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The package a value came from when it is a stand-in (a package that is not installed). */
export const standInOf = (v: unknown): string | undefined => (isObject(v) && typeof v[STAND_IN_MARK] === 'string' ? v[STAND_IN_MARK] : undefined)

/** Whether a value was a function in the config. */
export const isFunction = (v: unknown): boolean => isObject(v) && FUNCTION_MARK in v

/** A value for the report: short, one line. */
export function describe(v: unknown): string {
  const standIn = standInOf(v)
  if (standIn) return `require('${standIn}')`
  if (isFunction(v)) return 'a function'
  const text = JSON.stringify(v) ?? String(v)
  return text.length > 60 ? text.slice(0, 57) + '…' : text
}
