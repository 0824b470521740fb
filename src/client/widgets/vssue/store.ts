/**
 * The state's holder: the flow reads it synchronously (its guards need the latest state, not a
 * render's copy) and React subscribes with useSyncExternalStore.
 */
import { reduce, type Action, type VssueState } from './state.js'

export interface StateStore {
  get(): VssueState
  dispatch(action: Action): void
  subscribe(listener: () => void): () => void
}

export function createStore(initial: VssueState): StateStore {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    dispatch(action) {
      const next = reduce(state, action)
      if (next === state) return
      state = next
      for (const l of listeners) l()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
