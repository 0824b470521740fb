/**
 * Copy protection (spec §2), per page and off by default: frontmatter `copyright: true` or
 * `{ noSelect, noCopy, minLength, authorName }`. Copying a selection of 10 or more characters
 * appends an attribution with the author and the page's link. The build decides per route, so
 * only a page that asks downloads its code.
 */
import { defineWidget } from './define.js'

/** Spec §9: selections shorter than this are copied as they are. */
export const COPY_MIN_LENGTH = 10

/** A page's copy protection, as its slot receives it. */
export interface CopyProtection {
  /** The article text cannot be selected. */
  noSelect: boolean
  /** Copying is refused altogether. */
  noCopy: boolean
  /** Selections with at least this many characters get the attribution. */
  minLength: number
  authorName: string
}

/**
 * The page's copy protection from its frontmatter `copyright` value, or null when it is off
 * (absent, false or anything else). Ill-typed options fall back to their defaults.
 */
export function copyProtectionOf(value: unknown, author = ''): CopyProtection | null {
  if (value !== true && (typeof value !== 'object' || value === null || Array.isArray(value))) return null
  const o = (value === true ? {} : value) as Record<string, unknown>
  const minLength = o.minLength
  return {
    noSelect: o.noSelect === true,
    noCopy: o.noCopy === true,
    minLength: typeof minLength === 'number' && Number.isFinite(minLength) && minLength >= 0 ? minLength : COPY_MIN_LENGTH,
    authorName: typeof o.authorName === 'string' && o.authorName ? o.authorName : author,
  }
}

/** The attribution lines appended to a long enough copied selection, or null for a short one. */
export function attribution(selection: string, { minLength, authorName }: Pick<CopyProtection, 'minLength' | 'authorName'>, url: string): string[] | null {
  if (Array.from(selection.trim()).length < minLength) return null
  return [
    `著作权归${authorName || '原作者'}所有。商业转载请联系作者获得授权，非商业转载请注明出处。`,
    ...(authorName ? [`作者：${authorName}`] : []),
    `链接：${url}`,
  ]
}

/**
 * Copy protection through the pipeline: an overlay slot (it draws nothing) on the pages whose
 * frontmatter asks, with the page's options; the author is the page's, else `themeConfig.author`.
 */
export const copyProtectionWidget = defineWidget({
  name: 'copy-protection',
  placement: 'overlay',
  settings: (config: { themeConfig: { author: string } }) => ({ author: config.themeConfig.author }),
  routeProps: (route, site) => {
    const fm = route.page?.frontmatter
    if (!fm?.copyright) return undefined
    return copyProtectionOf(fm.copyright, (typeof fm.author === 'string' && fm.author) || site.author) ?? undefined
  },
})
