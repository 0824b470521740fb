/** Pure edits of the editor's text: what a keystroke, an emoji or a paste does to it. */

export interface TextEdit {
  value: string
  /** Where the caret goes. */
  caret: number
}

/** `insert` replaces the selection `start`–`end`; the caret lands after it. */
export function insertAt(value: string, start: number, end: number, insert: string): TextEdit {
  const a = Math.max(0, Math.min(start, value.length))
  const b = Math.max(a, Math.min(end, value.length))
  return { value: value.slice(0, a) + insert + value.slice(b), caret: a + insert.length }
}

/** Tab in the editor inserts four spaces (Valine's rule), replacing the selection. */
export const TAB = '    '

/** An image reference for a pasted or dropped file: `![name](local:N)` on its own line. */
export function imageReference(name: string, ref: string): string {
  const alt = name.replace(/[[\]\n\r]/g, ' ').trim() || 'image'
  return `![${alt}](${ref})`
}
