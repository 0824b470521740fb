/**
 * Paging of the comment list: previous and next, the page picker, the page size (5, 10, 20, 50
 * and the configured size under 100) and, where the platform sorts, the sort direction.
 */
import type { Messages } from './i18n.js'
import type { CommentsQuery } from './platform.js'

export interface PaginationProps {
  query: CommentsQuery
  pages: number
  sizes: number[]
  sortable: boolean
  disabled: boolean
  t: Messages
  onQuery: (query: Partial<CommentsQuery>) => void
  /** Which of the two (above or below the list): their controls need distinct names for tests and screen readers alike. */
  place: 'top' | 'bottom'
}

export function Pagination({ query, pages, sizes, sortable, disabled, t, onQuery, place }: PaginationProps) {
  const pageList = Array.from({ length: pages }, (_, i) => i + 1)
  return (
    <nav className="vs-pagination" aria-label={`${t.page} (${place === 'top' ? 1 : 2})`} data-place={place}>
      <button type="button" aria-label={t.prev} disabled={disabled || query.page <= 1} onClick={() => onQuery({ page: query.page - 1 })}>
        <span className="vs-arrow" aria-hidden="true">‹</span>
      </button>
      <label>
        <select aria-label={t.page} value={query.page} disabled={disabled} onChange={(e) => onQuery({ page: Number(e.target.value) })}>
          {pageList.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        <span>/ {pages}</span>
      </label>
      <button type="button" aria-label={t.next} disabled={disabled || query.page >= pages} onClick={() => onQuery({ page: query.page + 1 })}>
        <span className="vs-arrow" aria-hidden="true">›</span>
      </button>
      <label>
        <select aria-label={t.perPage} value={query.perPage} disabled={disabled} onChange={(e) => onQuery({ perPage: Number(e.target.value) })}>
          {sizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {sortable && (
        <button type="button" title={t.sort} aria-label={`${t.sort}: ${query.sort === 'desc' ? t.sortDesc : t.sortAsc}`} disabled={disabled} onClick={() => onQuery({ sort: query.sort === 'desc' ? 'asc' : 'desc' })}>
          {query.sort === 'desc' ? t.sortDesc : t.sortAsc}
        </button>
      )}
    </nav>
  )
}
