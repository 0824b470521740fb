import { useEffect, useLayoutEffect, useMemo, useState, type KeyboardEvent, type RefObject } from 'react'
import { withBase } from '../../shared/paths.js'
import { loadSearcher, type Searcher, type Suggestion } from '../../search/query/index.js'
import { SuggestionText } from './suggestion-text.js'

export interface SuggestionsProps {
  /** The box's `useId()`, the prefix of the listbox's and the options' ids. */
  id: string
  /** The index's first part. */
  url: string
  base: string
  max: number
  /** What is searched (the field's text once an IME has finished). */
  query: string
  /** The field has focus and holds a query: the dropdown shows. */
  open: boolean
  /** Bumped on every focus of the field: a failed index is fetched again then. */
  focusCount: number
  notes: { loading: string; failed: string }
  /** Where the box's key handler finds the arrow keys' and Enter's handling. */
  keys: RefObject<((e: KeyboardEvent<HTMLInputElement>) => void) | undefined>
  /** The field's `aria-controls` and `aria-activedescendant`. */
  onAria: (aria: { controls?: string; active?: string }) => void
  /** A suggestion's link was followed. */
  onChosen: () => void
}

/**
 * The search box's suggestions: an ARIA listbox driven from the field with
 * aria-activedescendant, the status line, and the index (fetched when this mounts, on the
 * field's first focus). Choosing a suggestion clicks its link, which the router turns into a
 * client-side navigation.
 */
export function Suggestions({ id, url, base, max, query, open, focusCount, notes, keys, onAria, onChosen }: SuggestionsProps) {
  const listId = `${id}list`
  const optionId = (i: number) => `${id}option-${i}`
  const [engine, setEngine] = useState<Searcher>()
  const [failed, setFailed] = useState(false)
  const [active, setActive] = useState(0)
  /** Suggestions that needed files fetched first, for the query they answer. */
  const [fetched, setFetched] = useState<{ query: string; results: Suggestion[] }>()
  /** Bumped to search again after a failed fetch. */
  const [attempt, setAttempt] = useState(0)

  // The index on mount (the first focus), and again on a later focus if it failed.
  useEffect(() => {
    setFailed(false)
    if (engine) {
      if (failed) setAttempt((a) => a + 1)
      return
    }
    loadSearcher(url).then(setEngine, (err: unknown) => {
      console.error('[gptnotes] search:', err)
      setFailed(true)
    })
  }, [focusCount]) // only a new focus asks again

  // A new query starts at the first suggestion (set while rendering, so no frame points past the list).
  const [activeQuery, setActiveQuery] = useState(query)
  if (activeQuery !== query) {
    setActiveQuery(query)
    setActive(0)
  }

  // At once when the files the query needs are here; otherwise a promise (see the effect below).
  // The engine keeps what it fetched, so asking again while rendering starts no second fetch.
  const answer = useMemo(() => engine?.search(query, max), [engine, query, max, attempt])
  const ready = Array.isArray(answer) ? answer : fetched?.query === query ? fetched.results : undefined
  const results = ready ?? []
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

  // The field points at the list and its active option while the list shows: before the browser
  // paints or handles the next key, so the field and the list never disagree.
  useLayoutEffect(() => {
    onAria(listed ? { controls: listId, active: optionId(active) } : {})
  }, [listed, active]) // the ids derive from the stable useId()

  // Keep the active suggestion in view when the arrows move past the visible ones.
  useEffect(() => {
    if (listed) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' })
  }, [active, listed])

  keys.current = (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!listed) return
      e.preventDefault()
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((a) => (a + step + results.length) % results.length)
    } else if (e.key === 'Enter') {
      e.preventDefault()
      if (listed) document.getElementById(optionId(active))?.querySelector('a')?.click()
    }
  }

  const note = ready ? (results.length ? '' : `没有找到与“${query.trim()}”相关的内容`) : failed ? notes.failed : notes.loading

  return (
    <>
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
                  <a href={withBase(base, s.path)} tabIndex={-1} onClick={onChosen}>
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
    </>
  )
}
