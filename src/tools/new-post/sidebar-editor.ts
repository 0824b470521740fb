import { tokenize, type Token } from './source-tokens.js'

export type SidebarEdit = { text: string } | { problem: string }

/**
 * Add `path` as the last child of the top-level sidebar group titled `group`, editing the
 * config's source text so everything else (comments, quotes, line breaks) stays as written.
 * Refuses (with the reason) whenever the group is not written out plainly in this file.
 */
export function addPathToSidebarGroup(source: string, group: string, path: string): SidebarEdit {
  const tokens = tokenize(source)
  if (!tokens) return { problem: 'the config file could not be read as plain object literals' }
  const code = tokens.filter((t) => t.type !== 'comment')
  const at = new Map<Token, number>(code.map((t, i) => [t, i]))
  const keyOf = (open: Token | undefined) => (open ? keyBefore(code, at.get(open)!) : undefined)

  const groups: { object: Token; children?: Token }[] = []
  code.forEach((t, i) => {
    if (t.type !== 'string' || t.value !== group || keyBefore(code, i) !== 'title') return
    const object = t.parent === undefined ? undefined : tokens[t.parent]
    if (!object || object.type !== 'punct' || object.value !== '{') return
    const list = object.parent === undefined ? undefined : tokens[object.parent]
    if (!list || list.type !== 'punct' || list.value !== '[') return
    // The list is `sidebar: [...]`, or one of `sidebar: { '/prefix/': [...] }`.
    const holder = list.parent === undefined ? undefined : tokens[list.parent]
    const isSidebar = keyOf(list) === 'sidebar' || (holder?.type === 'punct' && holder.value === '{' && keyOf(holder) === 'sidebar')
    if (!isSidebar) return
    groups.push({ object, children: childrenArray(tokens, code, object) })
  })

  if (groups.length === 0) return { problem: `no sidebar group titled "${group}" is written out in the config (the sidebar may be built elsewhere)` }
  if (groups.length > 1) return { problem: `${groups.length} sidebar groups are titled "${group}"; the page could go in either` }
  const { children } = groups[0]
  if (!children || children.type !== 'punct' || children.match === undefined) {
    return { problem: `the sidebar group "${group}" has no children: [...] list to add to` }
  }
  return { text: insertLast(source, tokens, code, at, children, path) }
}

/** The key naming the value that starts at code[i] (`key: value`), if it is a plain key. */
function keyBefore(code: Token[], i: number): string | undefined {
  const colon = code[i - 1]
  const key = code[i - 2]
  if (colon?.type !== 'punct' || colon.value !== ':' || !key) return undefined
  return key.type === 'word' || key.type === 'string' ? key.value : undefined
}

/** The `[` of `children: [` directly inside `object`. */
function childrenArray(tokens: Token[], code: Token[], object: Token): Token | undefined {
  const objectIndex = tokens.indexOf(object)
  return code.find((t, i) => t.type === 'punct' && t.value === '[' && t.parent === objectIndex && keyBefore(code, i) === 'children')
}

function insertLast(source: string, tokens: Token[], code: Token[], at: Map<Token, number>, open: Token, path: string): string {
  const openIndex = tokens.indexOf(open)
  const close = tokens[(open as { match: number }).match]
  // Direct elements' tokens (not comments) between the brackets.
  const inside = code.slice(at.get(open)! + 1, at.get(close)!)
  const firstString = inside.find((t): t is Extract<Token, { type: 'string' }> => t.type === 'string' && t.quote !== '`')
  const quote = firstString?.quote ?? "'"
  const item = `${quote}${path}${quote}`
  const lineOf = (pos: number) => source.slice(0, pos).split('\n').length

  if (inside.length === 0) {
    if (lineOf(open.start) === lineOf(close.start)) return splice(source, open.end, item)
    const indent = indentOf(source, close.start) + '  '
    return splice(source, open.end, `\n${indent}${item},`)
  }
  const last = inside[inside.length - 1]
  const trailingComma = last.type === 'punct' && last.value === ',' && last.parent === openIndex
  const lastElementEnd = trailingComma ? inside[inside.length - 2] : last
  const elementEnd = lastElementEnd.end
  const elementStart = startOfLastElement(inside, openIndex)

  if (lineOf(close.start) === lineOf(elementEnd)) {
    // One line: `['/a.html']` → `['/a.html', '/b.html']`.
    return trailingComma ? splice(source, last.end, ` ${item},`) : splice(source, elementEnd, `, ${item}`)
  }
  // One element per line: a new line after the last element (and after its comment, if any).
  const indent = indentOf(source, elementStart.start)
  const afterElement = trailingComma ? last.end : elementEnd
  const lineEnd = source.indexOf('\n', afterElement)
  let text = source
  let insertAt = lineEnd < 0 ? source.length : lineEnd
  if (source.slice(afterElement, insertAt).trim() !== '' && !/^\s*(\/\/|\/\*)/.test(source.slice(afterElement, insertAt))) insertAt = afterElement
  if (!trailingComma) {
    text = splice(text, elementEnd, ',')
    insertAt += 1
  }
  return splice(text, insertAt, `\n${indent}${item}${trailingComma ? ',' : ''}`)
}

/** The first token of the last element directly inside the array at tokens[openIndex]. */
function startOfLastElement(inside: Token[], openIndex: number): Token {
  let start = 0
  inside.forEach((t, i) => {
    if (t.type === 'punct' && t.value === ',' && t.parent === openIndex && i < inside.length - 1) start = i + 1
  })
  return inside[start]
}

function indentOf(source: string, pos: number): string {
  const lineStart = source.lastIndexOf('\n', pos - 1) + 1
  return /^[ \t]*/.exec(source.slice(lineStart))![0]
}

function splice(text: string, at: number, insert: string): string {
  return text.slice(0, at) + insert + text.slice(at)
}
