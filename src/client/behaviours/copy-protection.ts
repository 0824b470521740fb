import { escapeHtml } from '../../shared/escape.js'

/** Spec §9: selections shorter than this are copied as they are. */
export const COPY_MIN_LENGTH = 10

/** Frontmatter `copyright: true` or an object of these options (all optional). */
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
 * Apply a page's copy protection: `noSelect` through a class on <html> (base.css turns off
 * selection in the article), and one copy listener that refuses (`noCopy`) or appends the
 * attribution to plain text and HTML. Copies from form fields pass, and so does the code copy
 * button (it writes to the clipboard itself). Returns the undo for the next route.
 */
export function applyCopyProtection(options: CopyProtection): () => void {
  const root = document.documentElement
  const onCopy = (event: ClipboardEvent) => {
    const target = event.target as HTMLElement | null
    if (target?.closest?.('input, textarea, [contenteditable]')) return
    if (options.noCopy) return event.preventDefault()
    const selection = document.getSelection()
    const text = selection?.toString() ?? ''
    const lines = attribution(text, options, location.href)
    if (!lines || !event.clipboardData || !selection?.rangeCount) return
    const html = document.createElement('div')
    for (let i = 0; i < selection.rangeCount; i++) html.append(selection.getRangeAt(i).cloneContents())
    event.clipboardData.setData('text/plain', `${text}\n\n${lines.join('\n')}`)
    event.clipboardData.setData('text/html', `${html.innerHTML}<p>${lines.map(escapeHtml).join('<br>')}</p>`)
    event.preventDefault()
  }
  root.classList.toggle('gn-no-select', options.noSelect)
  document.addEventListener('copy', onCopy)
  return () => {
    root.classList.remove('gn-no-select')
    document.removeEventListener('copy', onCopy)
  }
}
