import { escapeHtml } from '../../../shared/escape.js'
import { attribution, type CopyProtection } from '../../../shared/widgets/copy-protection.js'

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
