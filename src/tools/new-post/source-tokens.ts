/**
 * A small tokenizer for config files (TypeScript object literals): enough to find keys,
 * strings and matching brackets without being fooled by brackets inside strings or comments.
 * Regular-expression literals are not recognised (configs do not use them); the sidebar
 * editor checks its result by loading the config back.
 */
interface Span {
  start: number
  end: number
  /** Index of the innermost enclosing bracket token (undefined at the top level). */
  parent?: number
}
export type Token =
  | (Span & { type: 'string'; value: string; quote: string })
  | (Span & { type: 'word'; value: string })
  | (Span & { type: 'punct'; value: string; /** The matching bracket's index. */ match?: number })
  | (Span & { type: 'comment' })

const OPEN: Record<string, string> = { '{': '}', '[': ']', '(': ')' }

/** Tokens of `text`, with each bracket's matching bracket and enclosing bracket (token indexes). */
export function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = []
  const stack: number[] = []
  // Inside `${…}` of a template literal, a `}` at this depth returns to the literal.
  const templateDepths: number[] = []
  let i = 0
  const push = (t: Token) => tokens.push({ ...t, parent: t.parent ?? stack[stack.length - 1] })
  const readTemplate = (from: number): number | undefined => {
    // From just after ` or }, to just after the closing ` (or into a `${`).
    let j = from
    while (j < text.length) {
      if (text[j] === '\\') j += 2
      else if (text[j] === '`') return j + 1
      else if (text[j] === '$' && text[j + 1] === '{') {
        templateDepths.push(stack.length)
        return -(j + 2) // negative: stopped at `${`
      } else j++
    }
    return undefined
  }
  while (i < text.length) {
    const c = text[i]
    if (/\s/.test(c)) {
      i++
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i)
      push({ type: 'comment', start: i, end: end < 0 ? text.length : end })
      i = end < 0 ? text.length : end
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2)
      if (end < 0) return undefined
      push({ type: 'comment', start: i, end: end + 2 })
      i = end + 2
    } else if (c === '"' || c === "'") {
      let j = i + 1
      let value = ''
      while (j < text.length && text[j] !== c) {
        if (text[j] === '\n') return undefined
        if (text[j] === '\\') {
          value += unescapeChar(text[j + 1])
          j += 2
        } else value += text[j++]
      }
      if (j >= text.length) return undefined
      push({ type: 'string', value, quote: c, start: i, end: j + 1 })
      i = j + 1
    } else if (c === '`') {
      const end = readTemplate(i + 1)
      if (end === undefined) return undefined
      // A template without `${}` is a plain string value; one with it is treated as code.
      if (end > 0) push({ type: 'string', value: text.slice(i + 1, end - 1), quote: '`', start: i, end })
      i = Math.abs(end)
    } else if (c === '}' && templateDepths.length && templateDepths[templateDepths.length - 1] === stack.length) {
      templateDepths.pop()
      const end = readTemplate(i + 1)
      if (end === undefined) return undefined
      i = Math.abs(end)
    } else if (/[\w$]/.test(c)) {
      let j = i
      while (j < text.length && /[\w$]/.test(text[j])) j++
      push({ type: 'word', value: text.slice(i, j), start: i, end: j })
      i = j
    } else {
      const index = tokens.length
      const token: Token = { type: 'punct', value: c, start: i, end: i + 1, parent: stack[stack.length - 1] }
      if (OPEN[c]) {
        push(token)
        stack.push(index)
        i++
        continue
      }
      if (c === '}' || c === ']' || c === ')') {
        const open = stack.pop()
        if (open === undefined) return undefined
        const openToken = tokens[open] as Extract<Token, { type: 'punct' }>
        if (OPEN[openToken.value] !== c) return undefined
        openToken.match = index
        tokens.push({ ...token, match: open, parent: stack[stack.length - 1] })
      } else push(token)
      i++
    }
  }
  return stack.length ? undefined : tokens
}

function unescapeChar(c: string | undefined): string {
  return c === 'n' ? '\n' : c === 't' ? '\t' : (c ?? '')
}
