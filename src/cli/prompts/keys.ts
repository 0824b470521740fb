import type { Key } from 'ink'

/**
 * What a key does to a prompt, as pure functions of (state, key) → state. The wizard applies
 * them to state it keeps in a ref, synchronously for every key, so nothing depends on when
 * React re-renders: a paste, fast typing or type-ahead into the next prompt all land where
 * they were meant to go.
 */
export interface TextField {
  kind: 'text'
  /** Code points, so the cursor never splits a character. */
  chars: string[]
  cursor: number
  error?: string
}
export interface MultiField {
  kind: 'multi'
  cursor: number
  picked: ReadonlySet<number>
}
export interface SelectField {
  kind: 'select'
  cursor: number
}
export type Field = TextField | MultiField | SelectField

/** A key's effect: the new state, and what was submitted when it was Enter. */
export interface KeyEffect<F extends Field, V> {
  field: F
  submitted?: V
}

export function textField(initial = ''): TextField {
  const chars = [...initial]
  return { kind: 'text', chars, cursor: chars.length }
}

/** ←/→ Home/End Ctrl+A/E move, Backspace deletes, Ctrl+U clears, Enter submits. */
export function textKey(f: TextField, input: string, key: Key): KeyEffect<TextField, string> {
  const edit = (chars: string[], cursor: number): TextField => ({ kind: 'text', chars, cursor })
  if (key.return) return { field: f, submitted: f.chars.join('') }
  if (key.backspace || key.delete) return { field: f.cursor > 0 ? edit([...f.chars.slice(0, f.cursor - 1), ...f.chars.slice(f.cursor)], f.cursor - 1) : f }
  if (key.leftArrow) return { field: { ...f, cursor: Math.max(0, f.cursor - 1) } }
  if (key.rightArrow) return { field: { ...f, cursor: Math.min(f.chars.length, f.cursor + 1) } }
  if (key.home || (key.ctrl && input === 'a')) return { field: { ...f, cursor: 0 } }
  if (key.end || (key.ctrl && input === 'e')) return { field: { ...f, cursor: f.chars.length } }
  if (key.ctrl && input === 'u') return { field: edit([], 0) }
  if (key.ctrl || key.meta || key.upArrow || key.downArrow || key.tab || !input) return { field: f }
  // A paste may end with a line break: insert the first line, then submit.
  const [typed, ...rest] = input.split(/\r\n|\r|\n/)
  // eslint-disable-next-line no-control-regex
  const add = [...typed.replace(/[\u0000-\u001f\u007f]/g, '')]
  const field = edit([...f.chars.slice(0, f.cursor), ...add, ...f.chars.slice(f.cursor)], f.cursor + add.length)
  return rest.length ? { field, submitted: field.chars.join('') } : { field }
}

/** ↑/↓ move (wrapping), Space picks or drops, Enter submits the picked indexes in list order. */
export function multiKey(f: MultiField, count: number, input: string, key: Key): KeyEffect<MultiField, number[]> {
  if (key.upArrow) return { field: { ...f, cursor: (f.cursor + count - 1) % count } }
  if (key.downArrow) return { field: { ...f, cursor: (f.cursor + 1) % count } }
  if (input === ' ') {
    const picked = new Set(f.picked)
    if (picked.has(f.cursor)) picked.delete(f.cursor)
    else picked.add(f.cursor)
    return { field: { ...f, picked } }
  }
  if (key.return) return { field: f, submitted: [...f.picked].sort((a, b) => a - b) }
  return { field: f }
}

/** ↑/↓ move (wrapping), Enter submits the index under the cursor. */
export function selectKey(f: SelectField, count: number, _input: string, key: Key): KeyEffect<SelectField, number> {
  if (key.upArrow) return { field: { ...f, cursor: (f.cursor + count - 1) % count } }
  if (key.downArrow) return { field: { ...f, cursor: (f.cursor + 1) % count } }
  if (key.return) return { field: f, submitted: f.cursor }
  return { field: f }
}
