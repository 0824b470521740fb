import { markdownLineEnding } from 'micromark-util-character'
import type { Code, Construct, Effects, Extension, State, TokenizeContext } from 'micromark-util-types'

/*
 * VuePress replaced markdown-it's HTML block rule so that components work at the top level
 * (@vuepress/markdown lib/component.js): a line that opens with a PascalCase tag (`<Badge`,
 * `<CodeGroup`) or a tag with a hyphen (`<code-group`, `<my-widget`) is an HTML block that ends at
 * the line holding its `>`, not at the next blank line as CommonMark's would, and may interrupt a
 * paragraph. Without this, `<code-group>` on its own line swallowed the fenced code under it into
 * raw HTML. Only the one-line form is taken here (the tag closes on its line); a tag spread over
 * lines is left to CommonMark's rule.
 */

const isWord = (code: Code): boolean => code !== null && ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95)
const isUpper = (code: Code): boolean => code !== null && code >= 65 && code <= 90

function tokenizeComponentLine(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let closed = false
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
  // `<` then a word with a hyphen in it (`<\w+-`), or a capital letter (`<[A-Z]`).
  const name: State = (code) => {
    if (isWord(code)) {
      effects.consume(code)
      return name
    }
    if (code === 45) {
      effects.consume(code)
      return rest
    }
    return nok(code)
  }
  const open: State = (code) => {
    if (isUpper(code)) {
      effects.consume(code)
      return rest
    }
    if (isWord(code)) {
      effects.consume(code)
      return name
    }
    return nok(code)
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
