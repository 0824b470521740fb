import { useEffect, useState } from 'react'
import type { Header } from '../../shared/types.js'
import { UNLOCKED_EVENT, type UnlockedDetail } from '../widgets/unlocked-event.js'

/**
 * A locked page's headings, once the reader has opened it: its route data holds none (they are
 * encrypted with the body), and the `password` island tells them with an event when it opens
 * the body. Kept per route path, so another page never shows them. Undefined until then (so
 * it also says whether the current page has been opened).
 */
export function useUnlockedHeaders(path: string): Header[] | undefined {
  const [opened, setOpened] = useState<{ path: string; headers: Header[] }>()
  useEffect(() => {
    const onOpen = (e: Event) => setOpened({ path, headers: (e as CustomEvent<UnlockedDetail>).detail.headers })
    window.addEventListener(UNLOCKED_EVENT, onOpen)
    return () => window.removeEventListener(UNLOCKED_EVENT, onOpen)
  }, [path])
  return opened?.path === path ? opened.headers : undefined
}
