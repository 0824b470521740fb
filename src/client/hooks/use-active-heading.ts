import { useEffect, useState } from 'react'
import type { Header } from '../../shared/types.js'
import { throttle } from '../behaviours/throttle.js'

const THROTTLE_MS = 300

/** The slug of the heading the reader is in, following scrolling (throttled 300 ms). */
export function useActiveHeading(headers: Header[] | undefined): string | undefined {
  const [active, setActive] = useState<string>()
  useEffect(() => {
    if (!headers?.length) return
    const update = () => {
      const offset = 90
      let current: string | undefined
      for (const h of headers) {
        const el = document.getElementById(h.slug)
        if (el && el.getBoundingClientRect().top <= offset) current = h.slug
      }
      // At the very bottom the last heading may never reach the top: take it.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) current = headers.at(-1)?.slug
      setActive(current)
    }
    const onScroll = throttle(update, THROTTLE_MS)
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      onScroll.cancel()
    }
  }, [headers])
  return active
}
