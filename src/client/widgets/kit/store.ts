/**
 * A widget's state holder: its flow reads the state synchronously (a guard needs the latest
 * state, not a render's copy) and React subscribes with `useSyncExternalStore` (`useStoreState`).
 */
import { useSyncExternalStore } from 'react'

export interface Store<S, A> {
  get(): S
  dispatch(action: A): void
  subscribe(listener: () => void): () => void
}

/** A store over a pure reducer; listeners hear only of actions that changed the state. */
export function createStore<S, A>(reduce: (state: S, action: A) => S, initial: S): Store<S, A> {
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

/** The store's current state, re-rendering on each change. */
export function useStoreState<S>(store: Pick<Store<S, unknown>, 'get' | 'subscribe'>): S {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
