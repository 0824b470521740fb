import { useEffect, useRef, useState } from 'react'
import { isHome, type MascotOptions } from './options.js'
import { Stage } from './stage.js'
import { injectStyles } from './styles.js'
import { otherTheme } from './themes.js'

/** Remembers across visits that the reader closed the mascot. */
export const HIDDEN_KEY = 'gptnotes.mascot.hidden'

function readHidden(): boolean {
  try {
    return localStorage.getItem(HIDDEN_KEY) === '1'
  } catch {
    return false
  }
}

function writeHidden(hidden: boolean): void {
  try {
    if (hidden) localStorage.setItem(HIDDEN_KEY, '1')
    else localStorage.removeItem(HIDDEN_KEY)
  } catch {
    // Not remembered (storage refused): it still hides for this page.
  }
}

const ICONS = {
  home: 'M3 11 12 3l9 8M6 9.5V20h4.5v-6h3v6H18V9.5',
  theme: 'M4 8h13l-3.5-3.5M20 16H7l3.5 3.5',
  close: 'M6 6l12 12M18 6 6 18',
} as const

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/**
 * The mascot overlay (spec "Mascot overlay"): the character's canvas, a column of buttons
 * (home, another theme when there are several, close) whose hover shows a message box, and,
 * once closed, a small `看板娘` label that brings it back. Closing is remembered.
 */
export default function MascotOverlay({ options }: { options: MascotOptions }) {
  const [hidden, setHidden] = useState(readHidden)
  const [theme, setTheme] = useState(options.themes[0])
  const [failed, setFailed] = useState(false)
  const [message, setMessage] = useState<string | undefined>()
  const root = useRef<HTMLElement>(null)
  const { messages } = options

  useEffect(injectStyles, [])

  if (failed) return null
  if (hidden) {
    return (
      <aside aria-label="看板娘">
        <button
          type="button"
          className="gm-show"
          onClick={() => {
            writeHidden(false)
            setHidden(false)
          }}
        >
          看板娘
        </button>
      </aside>
    )
  }

  const goHome = () => {
    if (isHome(location.pathname, options.base)) return
    // A link's click, so the site's router navigates without a reload (a plain load without it).
    const a = document.createElement('a')
    a.href = options.base
    a.hidden = true
    root.current?.append(a)
    a.click()
    a.remove()
  }
  const hover = (text: string) => ({ onMouseEnter: () => setMessage(text), onFocus: () => setMessage(text), onMouseLeave: () => setMessage(messages.welcome) })
  const buttons = [
    { name: '回到首页', icon: ICONS.home, text: messages.home, act: goHome },
    options.themes.length > 1 && new Set(options.themes).size > 1 && { name: '换一个看板娘', icon: ICONS.theme, text: messages.theme, act: () => setTheme((t) => otherTheme(options.themes, t)) },
    {
      name: '关闭看板娘',
      icon: ICONS.close,
      text: messages.close,
      act: () => {
        writeHidden(true)
        setMessage(undefined)
        setHidden(true)
      },
    },
  ].filter((b) => !!b)

  return (
    // A landmark of its own: the character and its buttons are not part of the page's content.
    <aside className="gm" ref={root} aria-label="看板娘">
      {message !== undefined && (
        <div className="gm-message" style={options.messageStyle}>
          {message}
        </div>
      )}
      <Stage key={theme} theme={theme} options={options} onFail={() => setFailed(true)} />
      {!options.clean && (
        <div
          className="gm-buttons"
          style={options.btnStyle}
          onMouseEnter={() => setMessage(messages.welcome)}
          onMouseLeave={() => setMessage(undefined)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setMessage(undefined)
          }}
        >
          {buttons.map((b) => (
            <button key={b.name} type="button" aria-label={b.name} onClick={b.act} {...hover(b.text)}>
              <Icon d={b.icon} />
            </button>
          ))}
        </div>
      )}
    </aside>
  )
}
