import { useEffect, useRef, useState } from 'react'
import { LIST_PAGE_SIZE, LIST_SLICE_POSTS, listSliceUrl, pageCount, sliceOfPage } from '../../shared/pagination.js'
import type { PostSummary } from '../../shared/types.js'
import { loadChunk } from '../router/chunk-loader.js'
import { Pagination } from './pagination.js'
import { PostList } from './post-list.js'

/**
 * A post list, 10 per page. The route data holds the first page; the rest is in files of
 * LIST_SLICE_POSTS posts, each loaded when the reader turns to a page it holds. The page number
 * lives in `?page=N`.
 */
export function PagedPostList({ posts, postCount, listUrl, level }: { posts: PostSummary[]; postCount?: number; listUrl?: string; level?: 2 | 3 }) {
  const total = postCount ?? posts.length
  const [page, setPage] = useState(1)
  /** The files loaded so far, by number. */
  const [slices, setSlices] = useState<ReadonlyMap<number, PostSummary[]>>(new Map())
  const top = useRef<HTMLDivElement>(null)

  const turnTo = async (n: number, scroll = true) => {
    const slice = sliceOfPage(n)
    if (n > 1 && listUrl && !slices.has(slice)) {
      try {
        const loaded = await loadChunk<PostSummary[]>(listSliceUrl(listUrl, slice))
        setSlices((held) => new Map(held).set(slice, loaded))
      } catch (err) {
        console.error(err)
        return
      }
    }
    setPage(n)
    const url = new URL(location.href)
    if (n === 1) url.searchParams.delete('page')
    else url.searchParams.set('page', String(n))
    history.replaceState(history.state, '', url.pathname + url.search + url.hash)
    if (scroll) top.current?.scrollIntoView({ block: 'start' })
  }

  // Restore `?page=N` after hydration (the server renders page 1).
  useEffect(() => {
    const n = Number(new URLSearchParams(location.search).get('page'))
    if (Number.isInteger(n) && n > 1 && n <= pageCount(total, LIST_PAGE_SIZE)) void turnTo(n, false)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listUrl])

  // A list with a second page always has `listUrl` (list-chunks.ts); a page's posts lie in its file from here.
  const at = ((page - 1) * LIST_PAGE_SIZE) % LIST_SLICE_POSTS
  const shown = page === 1 ? posts.slice(0, LIST_PAGE_SIZE) : (slices.get(sliceOfPage(page)) ?? []).slice(at, at + LIST_PAGE_SIZE)
  return (
    <div className="paged-list" ref={top}>
      <PostList posts={shown} level={level} />
      <Pagination total={total} perPage={LIST_PAGE_SIZE} currentPage={page} onChange={(n) => void turnTo(n)} />
    </div>
  )
}
