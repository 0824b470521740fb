import { useEffect } from 'react'
import { MAIN_CONTENT_ID } from '../../shared/markup.js'
import { useSite } from '../context.js'
import { throttle } from '../behaviours/throttle.js'

/** Spec §9: the button shows past 400 px of scroll; the scroll handler runs at most every 500 ms. */
export const BACK_TO_TOP_THRESHOLD = 400
export const SCROLL_THROTTLE = 500

/**
 * The back-to-top button. It is always in the HTML and shown by a class on <html>
 * (`gn-scrolled`, see base.css), so scrolling never re-renders React, the hydrated markup is
 * the server's as it was, and without JavaScript it simply stays hidden.
 */
export function BackToTop() {
  const { smoothScroll } = useSite()
  useEffect(() => {
    const update = throttle(() => document.documentElement.classList.toggle('gn-scrolled', window.scrollY > BACK_TO_TOP_THRESHOLD), SCROLL_THROTTLE)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => {
      update.cancel()
      window.removeEventListener('scroll', update)
      document.documentElement.classList.remove('gn-scrolled')
    }
  }, [])

  const toTop = () => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    window.scrollTo({ top: 0, behavior: smoothScroll && !reduce ? 'smooth' : 'auto' })
    // The button hides at the top: keep keyboard focus at the start of the page, not on <body>.
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true })
  }

  return (
    <button type="button" className="back-to-top" aria-label="返回顶部" title="返回顶部" onClick={toTop}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 5l-7 7 1.4 1.4L11 8.8V20h2V8.8l4.6 4.6L19 12z" fill="currentColor" />
      </svg>
    </button>
  )
}
