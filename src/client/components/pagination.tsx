import { useId, useState, type FormEvent } from 'react'
import { pageCount, paginationItems, parsePageJump } from '../../shared/pagination.js'

export interface PaginationProps {
  total: number
  perPage: number
  currentPage: number
  onChange: (page: number) => void
}

/** Shown only with more than one page: prev/next, up to 7 numbers with ellipses, a jump box. */
export function Pagination({ total, perPage, currentPage, onChange }: PaginationProps) {
  const pages = pageCount(total, perPage)
  const [jump, setJump] = useState('')
  const [error, setError] = useState('')
  const errorId = useId()
  if (pages <= 1) return null
  const go = (n: number) => {
    setError('')
    if (n !== currentPage && n >= 1 && n <= pages) onChange(n)
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const n = parsePageJump(jump, pages)
    if (n === undefined) {
      setError(`请输入大于 0 且不超过 ${pages} 的整数页码`)
      return
    }
    setJump('')
    go(n)
  }
  return (
    <nav className="pagination" aria-label="分页">
      <button type="button" onClick={() => go(currentPage - 1)} disabled={currentPage === 1} aria-label="上一页">
        ‹
      </button>
      {paginationItems(pages, currentPage).map((item) =>
        typeof item === 'number' ? (
          <button
            type="button"
            key={item}
            onClick={() => go(item)}
            aria-current={item === currentPage ? 'page' : undefined}
            aria-label={`第 ${item} 页`}
            className={item === currentPage ? 'active' : undefined}
          >
            {item}
          </button>
        ) : (
          <span key={item} className="ellipsis" aria-hidden="true">
            …
          </span>
        ),
      )}
      <button type="button" onClick={() => go(currentPage + 1)} disabled={currentPage === pages} aria-label="下一页">
        ›
      </button>
      <form className="page-jump" onSubmit={submit}>
        <input
          type="text"
          inputMode="numeric"
          aria-label="跳转到页码"
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          value={jump}
          onChange={(e) => setJump(e.target.value)}
          size={3}
        />
        <button type="submit">跳转</button>
        <span className="page-total">共 {pages} 页</span>
        {error && (
          <span id={errorId} role="alert" className="page-jump-error">
            {error}
          </span>
        )}
      </form>
    </nav>
  )
}
