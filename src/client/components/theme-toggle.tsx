import { useEffect, useState } from 'react'
import { DARK_CLASS, THEME_KEY } from '../../shared/markup.js'

/** Toggles dark mode; follows the system until the reader chooses, then remembers the choice. */
export function ThemeToggle() {
  // Unknown on the server: render "not pressed" and correct it after hydration.
  const [dark, setDark] = useState(false)
  useEffect(() => {
    setDark(document.documentElement.classList.contains(DARK_CLASS))
    const media = matchMedia('(prefers-color-scheme: dark)')
    const follow = (e: MediaQueryListEvent) => {
      if (localStorage.getItem(THEME_KEY)) return
      document.documentElement.classList.toggle(DARK_CLASS, e.matches)
      setDark(e.matches)
    }
    media.addEventListener('change', follow)
    return () => media.removeEventListener('change', follow)
  }, [])
  const toggle = () => {
    const next = !dark
    document.documentElement.classList.toggle(DARK_CLASS, next)
    try {
      localStorage.setItem(THEME_KEY, next ? 'dark' : 'light')
    } catch {
      // private mode: this page only
    }
    setDark(next)
  }
  return (
    <button type="button" className="icon-button theme-toggle" aria-label="切换深色模式" aria-pressed={dark} onClick={toggle} title="切换深色模式">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path className="icon-moon" d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" fill="currentColor" />
        <g className="icon-sun" fill="currentColor">
          <circle cx="12" cy="12" r="4.5" />
          <path d="M12 1.5v3M12 19.5v3M1.5 12h3M19.5 12h3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </g>
      </svg>
    </button>
  )
}
