/*
 * GFM strikethrough (`~a~`, `~~a~~`) resolved in linear time: a port of
 * micromark-extension-gfm-strikethrough 2.1 (lib/syntax.js) with its default options (single
 * tildes allowed), same tokenizer, same matches, same events. The original splices the whole
 * event list once per pair, quadratic in a long paragraph; this one keeps openers on a stack
 * and finished spans collapsed, as attention.ts does.
 *
 * The original code is under the MIT licence:
 *
 * (The MIT License)
 *
 * Copyright (c) Titus Wormer <tituswormer@gmail.com>
 *
 * Permission is hereby granted, free of charge, to any person obtaining
 * a copy of this software and associated documentation files (the
 * 'Software'), to deal in the Software without restriction, including
 * without limitation the rights to use, copy, modify, merge, publish,
 * distribute, sublicense, and/or sell copies of the Software, and to
 * permit persons to whom the Software is furnished to do so, subject to
 * the following conditions:
 *
 * The above copyright notice and this permission notice shall be
 * included in all copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED 'AS IS', WITHOUT WARRANTY OF ANY KIND,
 * EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
 * MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
 * IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
 * CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
 * TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
 * SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
 */
// The token types (`strikethrough`, …) are declared by the package this replaces.
import type {} from 'micromark-extension-gfm-strikethrough'
import { classifyCharacter } from 'micromark-util-classify-character'
import type { Code, Construct, Event, Extension, State, Token, TokenizeContext, Tokenizer } from 'micromark-util-types'
import { append, collapse, finish, resolveInside, size } from './attention.js'

const construct: Construct = { name: 'strikethrough', tokenize: tokenizeStrikethrough, resolveAll: resolveAllStrikethrough }

/** The micromark extension, in place of `gfmStrikethrough()` (whose mdast extension still applies). */
export const linearStrikethrough: Extension = {
  text: { 126: construct },
  insideSpan: { null: [construct] },
  attentionMarkers: { null: [126] },
}

/** Matches closers with the nearest opener of the same size, as the original does. */
function resolveAllStrikethrough(events: Event[], context: TokenizeContext): Event[] {
  if (!events.some((event) => event[1].type === 'strikethroughSequenceTemporary')) return events
  const out: Event[] = []
  const openers: { token: Token; at: number }[] = []
  // Per size (1 or 2): openers below this height have another size. Sizes never change.
  const bottoms = [0, 0, 0]

  const findOpener = (closer: Token): number => {
    const want = size(closer)
    for (let j = openers.length - 1; j >= bottoms[want]; j--) if (size(openers[j].token) === want) return j
    bottoms[want] = openers.length
    return -1
  }

  for (let index = 0; index < events.length; index++) {
    const event = events[index]
    const token = event[1]
    if (event[0] !== 'enter' || token.type !== 'strikethroughSequenceTemporary') {
      out.push(event)
      continue
    }
    const exit = events[++index]
    const j = token._close ? findOpener(token) : -1
    if (j < 0) {
      out.push(event, exit)
      if (token._open) openers.push({ token, at: out.length - 2 })
      continue
    }
    const { token: opener, at } = openers[j]
    // It and the openers above it (now inside the span, where they become data) are done.
    openers.length = j
    for (let k = 0; k < bottoms.length; k++) bottoms[k] = Math.min(bottoms[k], j)

    token.type = 'strikethroughSequence'
    opener.type = 'strikethroughSequence'
    const strikethrough: Token = { type: 'strikethrough', start: Object.assign({}, opener.start), end: Object.assign({}, token.end) }
    const text: Token = { type: 'strikethroughText', start: Object.assign({}, opener.end), end: Object.assign({}, token.start) }
    const inside = out.splice(at + 2)
    out.length = at
    const span: Event[] = [['enter', strikethrough, context], ['enter', opener, context], ['exit', opener, context], ['enter', text, context]]
    append(span, resolveInside(inside, context))
    span.push(['exit', text, context], ['enter', token, context], ['exit', token, context], ['exit', strikethrough, context])
    out.push(...collapse(span, context))
  }

  for (const event of out) if (event[1].type === 'strikethroughSequenceTemporary') event[1].type = 'data'
  return finish(events, out)
}

/** The original tokenizer with `singleTilde` on. */
function tokenizeStrikethrough(
  this: TokenizeContext,
  effects: Parameters<Tokenizer>[0],
  ok: Parameters<Tokenizer>[1],
  nok: Parameters<Tokenizer>[2],
): State {
  const previous = this.previous
  const events = this.events
  let tildes = 0
  return start

  function start(code: Code): State | undefined {
    if (previous === 126 && events[events.length - 1][1].type !== 'characterEscape') return nok(code)
    effects.enter('strikethroughSequenceTemporary')
    return more(code)
  }

  function more(code: Code): State | undefined {
    const before = classifyCharacter(previous)
    if (code === 126) {
      // A third tilde is not a sequence.
      if (tildes > 1) return nok(code)
      effects.consume(code)
      tildes++
      return more
    }
    const token = effects.exit('strikethroughSequenceTemporary')
    const after = classifyCharacter(code)
    token._open = !after || (after === 2 && Boolean(before))
    token._close = !before || (before === 2 && Boolean(after))
    return ok(code)
  }
}
