import type { Header } from '../../shared/types.js'

/**
 * What the `password` island says on `window` when it opens a locked page's body. It renders in a
 * React root of its own and cannot reach the app, so the app listens: the body's own islands are
 * mounted (`islands.ts`), its code blocks get their copy buttons, and the sidebar lists its
 * headings. An event, not an import, so the island's chunk does not pull in the app's modules
 * (nor they it).
 */
export const UNLOCKED_EVENT = 'gptnotes:unlocked'

export interface UnlockedDetail {
  /** The opened page's h2/h3 (the page is the current route: the island lives only while it is shown). */
  headers: Header[]
  /** The element that now holds the body. */
  body: HTMLElement
}

export function announceUnlocked(detail: UnlockedDetail): void {
  window.dispatchEvent(new CustomEvent<UnlockedDetail>(UNLOCKED_EVENT, { detail }))
}
