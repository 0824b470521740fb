/**
 * Puts `text` on the clipboard: the async Clipboard API where the browser allows it, otherwise
 * (plain http, older browsers, a denied permission) a hidden textarea and execCommand('copy').
 * Rejects when both fail. Focus goes back where it was.
 */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    return
  } catch {
    // fall through to the textarea
  }
  const active = document.activeElement as HTMLElement | null
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.setAttribute('aria-hidden', 'true')
  // Off screen but still selectable (display:none cannot be selected).
  area.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0'
  document.body.append(area)
  area.select()
  let ok = false
  try {
    ok = document.execCommand('copy')
  } finally {
    area.remove()
    active?.focus({ preventScroll: true })
  }
  if (!ok) throw new Error('copy command refused')
}
