/** Posts per page of a list (the spec's page size). */
export const LIST_PAGE_SIZE = 10

/**
 * Posts per file of a long list's posts (twenty pages of it): a reader who turns to a page loads
 * the file that holds it, not the whole list (2 MB at 10,000 posts).
 */
export const LIST_SLICE_POSTS = 20 * LIST_PAGE_SIZE

/** The file (counted from 0) that holds page `page` (from 1) of a list, `slicePosts` posts a file. */
export function sliceOfPage(page: number, slicePosts = LIST_SLICE_POSTS): number {
  return Math.floor(((page - 1) * LIST_PAGE_SIZE) / slicePosts)
}

/** The address of file `slice` of a list whose `listUrl` is `listUrl` (see `PostList.listUrl`). */
export const listSliceUrl = (listUrl: string, slice: number): string => `${listUrl}${slice}.js`

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end'

/** Page count for `total` items, `perPage` each (at least 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage))
}

/**
 * The numbered pages the pagination control shows: at most `max` numbers, always the first and
 * the last, a window around the current page, and ellipses where pages are left out.
 */
export function paginationItems(pages: number, current: number, max = 7): PageItem[] {
  if (pages <= max) return Array.from({ length: pages }, (_, i) => i + 1)
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
  const half = Math.floor((max - 3) / 2) // pages on each side of the current one in the middle
  if (current <= max - 3) return [...range(1, max - 1), 'ellipsis-end', pages]
  if (current >= pages - (max - 4)) return [1, 'ellipsis-start', ...range(pages - max + 2, pages)]
  return [1, 'ellipsis-start', ...range(current - half, current + half), 'ellipsis-end', pages]
}

/** The jump-to-page rule: a whole number above 0 and at most the page count. */
export function parsePageJump(input: string, pages: number): number | undefined {
  const text = input.trim()
  if (!/^\d+$/.test(text)) return undefined
  const n = Number(text)
  return n >= 1 && n <= pages ? n : undefined
}
