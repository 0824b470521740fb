import { useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react'
import { useSite } from '../context.js'
import { loadOnce } from '../lazy.js'
import type { SuggestionsProps } from './suggestions.js'

/** The site search box (header); nothing when `themeConfig.search` is off. */
export function SearchBox() {
  const site = useSite()
  if (!site.search || !site.searchIndexUrl) return null
  return <Search url={site.searchIndexUrl} base={site.base} max={site.searchMaxSuggestions ?? 10} />
}

/** What the box says while its code or index is on the way, or after either failed. */
const SEARCH_NOTES = {
  loading: '正在加载搜索索引…',
  failed: '搜索索引加载失败，请检查网络后重新点击搜索框。',
} as const

type Suggestions = ComponentType<SuggestionsProps>

/** The suggestions' code, once (again on the next focus after a failure). */
const loadSuggestions = loadOnce((): Promise<Suggestions> => import('./suggestions.js').then((m) => m.Suggestions))

const isTypingTarget = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))

/**
 * The search field. The server renders the closed field only, so hydration matches. The field
 * and what was typed live here, in the first-load JavaScript; the suggestions (ranking, the
 * listbox, the keys that move through it) are a chunk fetched on the first focus together with
 * the index, so the field never changes under the reader: it is the same element before and after.
 */
function Search({ url, base, max }: { url: string; base: string; max: number }) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const composing = useRef(false)
  /** What the field shows. */
  const [value, setValue] = useState('')
  /** What is searched: the field's text, except while an IME is still composing it. */
  const [query, setQuery] = useState('')
  const [focused, setFocused] = useState(false)
  /** Counts the focuses: the suggestions try a failed index again on the next one. */
  const [focusCount, setFocusCount] = useState(0)
  const [Suggestions, setSuggestions] = useState<Suggestions>()
  const [codeFailed, setCodeFailed] = useState(false)
  /** The listbox and its active option, for the field's ARIA (set by the suggestions). */
  const [aria, setAria] = useState<{ controls?: string; active?: string }>({})
  /** Arrow keys and Enter, handled by the suggestions once they are here. */
  const keys = useRef<(e: KeyboardEvent<HTMLInputElement>) => void>(undefined)
  const open = focused && query.trim() !== ''

  // `/` focuses the box, unless the reader is typing somewhere else.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || isTypingTarget(e.target)) return
      e.preventDefault()
      input.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  const onFocus = () => {
    setFocused(true)
    setFocusCount((n) => n + 1)
    if (Suggestions) return
    setCodeFailed(false)
    loadSuggestions().then(
      (code) => setSuggestions(() => code),
      (err: unknown) => {
        console.error('[gptnotes] search:', err)
        setCodeFailed(true)
      },
    )
  }

  /** After a suggestion's link was followed: clear and leave the box. */
  const chosen = () => {
    setValue('')
    setQuery('')
    input.current?.blur()
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Keys that confirm or move through IME candidates belong to the IME.
    if (composing.current || e.nativeEvent.isComposing || e.keyCode === 229) return
    if (e.key === 'Escape') {
      e.preventDefault()
      input.current?.blur()
    } else keys.current?.(e)
  }

  return (
    <form role="search" className="search-box" onSubmit={(e) => e.preventDefault()}>
      <input
        ref={input}
        type="search"
        className="search-input"
        aria-label="搜索"
        placeholder="搜索"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="go"
        aria-autocomplete="list"
        aria-controls={aria.controls}
        aria-activedescendant={aria.active}
        value={value}
        onChange={(e) => {
          setValue(e.target.value)
          if (!composing.current) setQuery(e.target.value)
        }}
        onCompositionStart={() => (composing.current = true)}
        onCompositionEnd={(e) => {
          composing.current = false
          setQuery(e.currentTarget.value)
        }}
        onFocus={onFocus}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
      />
      {Suggestions ? (
        <Suggestions id={id} url={url} base={base} max={max} query={query} open={open} focusCount={focusCount} notes={SEARCH_NOTES} keys={keys} onAria={setAria} onChosen={chosen} />
      ) : (
        <>
          {open && (
            <div className="search-dropdown">
              <p className="search-note">{codeFailed ? SEARCH_NOTES.failed : SEARCH_NOTES.loading}</p>
            </div>
          )}
          <p role="status" className="search-status" />
        </>
      )}
    </form>
  )
}
