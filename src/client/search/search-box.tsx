import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { withBase } from '../../shared/paths.js'
import { useSite } from '../context.js'
import { loadSearchIndex, type SearchEngine } from './load-index.js'
import { SuggestionText } from './suggestion-text.js'
import type { Suggestion } from '../../shared/search.js'

/** The site search box (header); nothing when `themeConfig.search` is off. */
export function SearchBox() {
  const site = useSite()
  if (!site.search || !site.searchIndexUrl) return null
  return <Search url={site.searchIndexUrl} base={site.base} max={site.searchMaxSuggestions ?? 10} />
}

const isTypingTarget = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))

/**
 * A search field with a list of suggestions (ARIA listbox, driven from the field with
 * aria-activedescendant). The server renders the closed field only, so hydration matches; the
 * index is fetched on first focus. Choosing a suggestion clicks its link, which the router
 * turns into a client-side navigation.
 */
function Search({ url, base, max }: { url: string; base: string; max: number }) {
  const id = useId()
  const listId = `${id}list`
  const optionId = (i: number) => `${id}option-${i}`
  const input = useRef<HTMLInputElement>(null)
  const composing = useRef(false)
  /** What the field shows. */
  const [value, setValue] = useState('')
  /** What is searched: the field's text, except while an IME is still composing it. */
  const [query, setQuery] = useState('')
  const [focused, setFocused] = useState(false)
  const [engine, setEngine] = useState<SearchEngine>()
  const [failed, setFailed] = useState(false)
  const [active, setActive] = useState(0)

  /** Suggestions that needed files fetched first, for the query they answer. */
  const [fetched, setFetched] = useState<{ query: string; results: Suggestion[] }>()
  /** Bumped to search again after a failed fetch. */
  const [attempt, setAttempt] = useState(0)

  // At once when the files the query needs are here; otherwise a promise (see the effect below).
  // The engine keeps what it fetched, so asking again while rendering starts no second fetch.
  const answer = useMemo(() => engine?.search(query, max), [engine, query, max, attempt])
  const ready = Array.isArray(answer) ? answer : fetched?.query === query ? fetched.results : undefined
  const results = ready ?? []
  const open = focused && query.trim() !== ''
  const listed = open && results.length > 0

  useEffect(() => {
    if (!(answer instanceof Promise)) return
    let current = true
    setFailed(false)
    answer.then(
      (found) => current && setFetched({ query, results: found }),
      (err: unknown) => {
        if (!current) return
        console.error('[gptnotes] search:', err)
        setFailed(true)
      },
    )
    return () => {
      current = false
    }
  }, [answer, query])

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

  // Keep the active suggestion in view when the arrows move past the visible ones.
  useEffect(() => {
    if (listed) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' })
  }, [active, listed]) // optionId is derived from the stable useId()

  const load = () => {
    setFailed(false)
    if (engine) {
      if (failed) setAttempt((a) => a + 1)
      return
    }
    loadSearchIndex(url).then(setEngine, (err: unknown) => {
      console.error('[gptnotes] search:', err)
      setFailed(true)
    })
  }

  const update = (text: string) => {
    setQuery(text)
    setActive(0)
  }

  /** After a suggestion's link was followed: clear and leave the box. */
  const chosen = () => {
    setValue('')
    update('')
    input.current?.blur()
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Keys that confirm or move through IME candidates belong to the IME.
    if (composing.current || e.nativeEvent.isComposing || e.keyCode === 229) return
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!listed) return
      e.preventDefault()
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((a) => (a + step + results.length) % results.length)
    } else if (e.key === 'Enter') {
      e.preventDefault()
      if (listed) document.getElementById(optionId(active))?.querySelector('a')?.click()
    } else if (e.key === 'Escape') {
      e.preventDefault()
      input.current?.blur()
    }
  }

  const note = ready
    ? results.length
      ? ''
      : `没有找到与“${query.trim()}”相关的内容`
    : failed
      ? '搜索索引加载失败，请检查网络后重新点击搜索框。'
      : '正在加载搜索索引…'

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
        aria-controls={listed ? listId : undefined}
        aria-activedescendant={listed ? optionId(active) : undefined}
        value={value}
        onChange={(e) => {
          setValue(e.target.value)
          if (!composing.current) update(e.target.value)
        }}
        onCompositionStart={() => (composing.current = true)}
        onCompositionEnd={(e) => {
          composing.current = false
          update(e.currentTarget.value)
        }}
        onFocus={() => {
          setFocused(true)
          load()
        }}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
      />
      {open && (
        // Pressing on the list must not blur the field (which would close the list before the click lands).
        <div className="search-dropdown" onMouseDown={(e) => e.preventDefault()}>
          {listed ? (
            <ul role="listbox" id={listId} aria-label="搜索建议" className="search-suggestions">
              {results.map((s, i) => (
                <li
                  key={`${s.kind}:${s.path}`}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={`search-suggestion search-${s.kind}-hit`}
                  onMouseMove={() => i !== active && setActive(i)}
                >
                  <a href={withBase(base, s.path)} tabIndex={-1} onClick={chosen}>
                    <SuggestionText suggestion={s} />
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="search-note">{note}</p>
          )}
        </div>
      )}
      <p role="status" className="search-status">
        {open && ready ? (results.length ? `${results.length} 条建议，用上下方向键选择，回车打开` : note) : ''}
      </p>
    </form>
  )
}
