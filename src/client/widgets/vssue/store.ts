/** Widget B's state holder: the kit's store over `state.ts`'s reducer. */
import { createStore as storeOf, type Store } from '../kit/store.js'
import { reduce, type Action, type VssueState } from './state.js'

export type StateStore = Store<VssueState, Action>

export const createStore = (initial: VssueState): StateStore => storeOf(reduce, initial)
