import { markdownLineEnding } from 'micromark-util-character'
import type { Code, Construct, Effects, Extension, State, TokenizeContext } from 'micromark-util-types'

/*
 * VuePress replaced markdown-it's HTML block rule so that components work at the top level
 * (@vuepress/markdown lib/component.js): a line that opens with a PascalCase tag (`<Badge`,
 * `<CodeGroup`) or a tag with a hyphen (`<code-group`, `<my-widget`) is an HTML block that ends at
 * the line holding its `>`, not at the next blank line as CommonMark's would, and may interrupt a
 * paragraph. The name must end as a tag's does, so an autolink (`<MAILTO:x@y>`) stays one. Without this, `<code-group>` on its own line swallowed the fenced code under it into
 * raw HTML. Only the one-line form is taken here (the tag closes on its line); a tag spread over
 * lines is left to CommonMark's rule.
 */

const isWord = (code: Code): boolean => code !== null && ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95)
const isUpper = (code: Code): boolean => code !== null && code >= 65 && code <= 90

const isNameChar = (code: Code): boolean => isWord(code) || code === 45
/** What may follow a tag's name: a blank, `/`, `>` or the line's end (not `:` or `@`, which make an autolink: `<MAILTO:x>`, `<made-up-scheme://x>`). */
const endsName = (code: Code): boolean => code === null || code === 9 || code === 32 || code === 47 || code === 62 || markdownLineEnding(code)

function tokenizeComponentLine(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let closed = false
  let hyphen = false
  let capital = false
  const rest: State = (code) => {
    if (code === null || markdownLineEnding(code)) {
      if (!closed) return nok(code)
      effects.exit('htmlFlowData')
      effects.exit('htmlFlow')
      return ok(code)
    }
    if (code === 62) closed = true
    effects.consume(code)
    return rest
  }
  // The tag's name: a capital first (`<[A-Z]`), or a hyphen after a word (`<\w+-`).
  const name: State = (code) => {
    if (isNameChar(code)) {
      if (code === 45) hyphen = true
      effects.consume(code)
      return name
    }
    if ((capital || hyphen) && endsName(code)) return rest(code)
    return nok(code)
  }
  const open: State = (code) => {
    if (!isWord(code)) return nok(code)
    capital = isUpper(code)
    effects.consume(code)
    return name
  }
  return (code) => {
    effects.enter('htmlFlow')
    effects.enter('htmlFlowData')
    effects.consume(code)
    return open
  }
}

const componentLine: Construct = { name: 'vueComponentLine', tokenize: tokenizeComponentLine }

/** Tried before CommonMark's HTML block (an extension's constructs come first). */
export const vueComponentLines: Extension = { flow: { 60: [componentLine] } }
