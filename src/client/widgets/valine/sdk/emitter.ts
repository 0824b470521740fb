/*
 * The event emitter the SDK's adapter registry (`adapter.js`) is built on, standing in for
 * `eventemitter3` (1.2 KB gzip): that registry only ever calls `on` and `emit`. A function,
 * not a class, because the SDK subclasses it ES5-style (`EventEmitter.apply(this)`). The build
 * maps the SDK's `require('eventemitter3')` here.
 */
type Listener = (...args: unknown[]) => void

interface Emitter {
  _listeners: Record<string, Listener[]>
}

export function Emitter(this: Emitter): void {
  this._listeners = {}
}

Emitter.prototype.on = function on(this: Emitter, name: string, listener: Listener) {
  ;(this._listeners[name] ??= []).push(listener)
  return this
}

Emitter.prototype.emit = function emit(this: Emitter, name: string, ...args: unknown[]) {
  const listeners = this._listeners[name] ?? []
  for (const listener of [...listeners]) listener.apply(this, args)
  return listeners.length > 0
}
