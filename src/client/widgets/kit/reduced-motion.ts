import { useEffect, useState } from 'react'

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

/** Whether the reader asks for reduced motion, following a change while the page is open. */
export function useReducedMotion(): boolean {
  // Widgets mount in the browser only, so the first render may read the media query.
  const [reduced, setReduced] = useState(() => matchMedia(REDUCED_MOTION).matches)
  useEffect(() => {
    const query = matchMedia(REDUCED_MOTION)
    const change = () => setReduced(query.matches)
    query.addEventListener('change', change)
    return () => query.removeEventListener('change', change)
  }, [])
  return reduced
}
