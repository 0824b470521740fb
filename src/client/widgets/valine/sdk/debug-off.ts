/*
 * The `debug` loggers the bundled SDK modules create (`debug('leancloud:request')`), always
 * off: the SDK logs nothing on a reader's console, and the `debug` package (with its colour
 * tables and format parser) stays out of the chunk. `AV.debug.enable()` is accepted and does
 * nothing. The build maps the modules' `require('debug')` here (src/render/widgets/valine-sdk-plugin.ts).
 */
type Logger = ((...args: unknown[]) => void) & { enabled: boolean }

const noop = () => {}

export function debugOff(_namespace: string): Logger {
  return Object.assign(noop, { enabled: false })
}

debugOff.enable = (_namespaces?: string): void => {}
debugOff.disable = (): string => ''
debugOff.enabled = (_namespace: string): boolean => false
