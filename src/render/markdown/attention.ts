/*
 * Emphasis and strong emphasis (`*`, `_`) resolved in linear time: a port of `attention` from
 * micromark-core-commonmark 2.0 (lib/attention.js), same tokenizer, same matches, same events.
 *
 * The original splices the paragraph's whole event list once per matched pair and walks back
 * over every earlier event from each closer, so a long paragraph full of emphasis took time
 * quadratic in its length. Here openers wait on a stack (with CommonMark's "openers bottom" so
 * a closer never walks the same openers twice for nothing), and each finished span is held as
 * one placeholder pair while its enclosing spans are resolved: its content is walked, copied
 * and resolved once, and the flat list is built once at the end.
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
import { classifyCharacter } from 'micromark-util-classify-character'
import { resolveAll } from 'micromark-util-resolve-all'
import type { Code, Construct, Event, Extension, Point, State, Token, TokenizeContext, Tokenizer } from 'micromark-util-types'

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    // Not `attentionSequence`: the built-in resolver stays in `insideSpan` (an extension can add
    // there, not remove) and would resolve ours again, quadratically, in every span's content.
    linearAttentionSequence: 'linearAttentionSequence'
    /** A finished span standing for its events until the resolver hands the list back. */
    linearSpan: 'linearSpan'
  }
}

// ---------------------------------------------------------------------------------------------
// Spans held as placeholders (shared with strikethrough.ts)

const spanEvents = new WeakMap<Token, Event[]>()
/** How deep we are in our own `resolveInside` calls: only the outermost resolver flattens. */
let nesting = 0

/** One enter/exit pair standing for a finished span's events. */
export function collapse(events: Event[], context: TokenizeContext): [Event, Event] {
  const token: Token = { type: 'linearSpan', start: events[0][1].start, end: events[events.length - 1][1].end }
  spanEvents.set(token, events)
  return [['enter', token, context], ['exit', token, context]]
}

/**
 * A span's content through every `insideSpan` resolver, as micromark does at each match (that
 * is what turns leftover sequences inside into data). Spans nested in it stay collapsed: the
 * other resolvers there (the built-in attention's, the text merger's) skip unknown tokens.
 */
export function resolveInside(events: Event[], context: TokenizeContext): Event[] {
  nesting++
  try {
    return resolveAll(context.parser.constructs.insideSpan.null ?? [], events, context)
  } finally {
    nesting--
  }
}

/**
 * Puts a resolver's result in `events`, its input, and returns it: in place, because micromark
 * holds on to a tokenizer's event list from before resolving. Spans stay collapsed for one of
 * ours, are expanded for micromark.
 */
export function finish(events: Event[], result: Event[]): Event[] {
  events.length = 0
  if (nesting) append(events, result)
  else expand(result, events)
  return events
}

/** Replaces placeholders by their events, however deep (iteratively: nesting can be deep). */
function expand(events: Event[], flat: Event[]): void {
  const stack: { events: Event[]; index: number }[] = [{ events, index: 0 }]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]
    if (top.index === top.events.length) {
      stack.pop()
      continue
    }
    const event = top.events[top.index++]
    if (event[1].type !== 'linearSpan') flat.push(event)
    else if (event[0] === 'enter') stack.push({ events: spanEvents.get(event[1])!, index: 0 })
  }
}

/** Appends without spreading (a spread of a huge list overflows the stack). */
export function append(list: Event[], items: Event[]): void {
  for (const item of items) list.push(item)
}

export const size = (token: Token) => token.end.offset - token.start.offset

// ---------------------------------------------------------------------------------------------
// The construct

const construct: Construct = { name: 'linearAttention', tokenize: tokenizeAttention, resolveAll: resolveAllAttention }

/** The micromark extension: our attention in place of the built-in one. */
export const linearAttention: Extension = {
  text: { 42: construct, 95: construct },
  insideSpan: { null: [construct] },
  disable: { null: ['attention'] },
}

interface Opener {
  token: Token
  marker: number
  /** Index of its enter event in the output list. */
  at: number
}

/** Matches closers with openers as micromark-core-commonmark does, each pair once. */
function resolveAllAttention(events: Event[], context: TokenizeContext): Event[] {
  // Most spans' content has no sequence left: nothing to copy.
  if (!events.some((event) => event[1].type === 'linearAttentionSequence')) return events
  const out: Event[] = []
  const openers: Opener[] = []
  // Per (marker, closer size mod 3, closer can open): openers below this height cannot match
  // such a closer. An opener's answer only changes when it is matched itself.
  const bottoms: number[] = new Array<number>(12).fill(0)

  const findOpener = (marker: number, closer: Token): number => {
    const closeSize = size(closer)
    const key = (marker === 42 ? 0 : 6) + (closeSize % 3) * 2 + (closer._open ? 1 : 0)
    for (let j = openers.length - 1; j >= bottoms[key]; j--) {
      const opener = openers[j]
      if (opener.marker !== marker) continue
      // The rule of 3: if either could both open and close, their sizes must not add up to a
      // multiple of 3 unless both are one.
      if ((opener.token._close || closer._open) && closeSize % 3 && !((size(opener.token) + closeSize) % 3)) continue
      return j
    }
    bottoms[key] = openers.length
    return -1
  }

  for (let index = 0; index < events.length; index++) {
    const event = events[index]
    const token = event[1]
    if (event[0] !== 'enter' || token.type !== 'linearAttentionSequence') {
      out.push(event)
      continue
    }
    let enter = event
    let exit = events[++index]
    const marker = context.sliceSerialize(token).charCodeAt(0)
    while (token._close) {
      const j = findOpener(marker, token)
      if (j < 0) break
      const { token: opener, at } = openers[j]
      // Openers above it end up inside the span, where they become data.
      openers.length = j + 1
      for (let k = 0; k < bottoms.length; k++) bottoms[k] = Math.min(bottoms[k], j)

      // From here to the closing events: as the original, point for point.
      const use = size(opener) > 1 && size(token) > 1 ? 2 : 1
      const start = { ...opener.end }
      const end = { ...token.start }
      movePoint(start, -use)
      movePoint(end, use)
      const openingSequence: Token = { type: use > 1 ? 'strongSequence' : 'emphasisSequence', start, end: { ...opener.end } }
      const closingSequence: Token = { type: use > 1 ? 'strongSequence' : 'emphasisSequence', start: { ...token.start }, end }
      const text: Token = { type: use > 1 ? 'strongText' : 'emphasisText', start: { ...opener.end }, end: { ...token.start } }
      const group: Token = { type: use > 1 ? 'strong' : 'emphasis', start: { ...openingSequence.start }, end: { ...closingSequence.end } }
      opener.end = { ...openingSequence.start }
      token.start = { ...closingSequence.end }

      const inside = out.splice(at + 2)
      out.length = at
      // More markers in the opening stay before the span (and on the stack).
      if (size(opener)) out.push(['enter', opener, context], ['exit', opener, context])
      else openers.length = j
      const span: Event[] = [['enter', group, context], ['enter', openingSequence, context], ['exit', openingSequence, context], ['enter', text, context]]
      append(span, resolveInside(inside, context))
      span.push(['exit', text, context], ['enter', closingSequence, context], ['exit', closingSequence, context], ['exit', group, context])
      out.push(...collapse(span, context))
      // More markers in the closing close again.
      if (!size(token)) break
      enter = ['enter', token, context]
      exit = ['exit', token, context]
    }
    if (size(token)) {
      out.push(enter, exit)
      if (token._open) openers.push({ token, marker, at: out.length - 2 })
    }
  }

  // Remaining sequences are text.
  for (const event of out) if (event[1].type === 'linearAttentionSequence') event[1].type = 'data'
  return finish(events, out)
}

/** The original tokenizer, unchanged but for the token's name. */
function tokenizeAttention(this: TokenizeContext, effects: Parameters<Tokenizer>[0], ok: Parameters<Tokenizer>[1]): State {
  const attentionMarkers = this.parser.constructs.attentionMarkers.null ?? []
  const previous = this.previous
  const before = classifyCharacter(previous)
  let marker: NonNullable<Code>
  return start

  function start(code: Code): State | undefined {
    marker = code as NonNullable<Code>
    effects.enter('linearAttentionSequence')
    return inside(code)
  }

  function inside(code: Code): State | undefined {
    if (code === marker) {
      effects.consume(code)
      return inside
    }
    const token = effects.exit('linearAttentionSequence')
    const after = classifyCharacter(code)
    // `*` and `_` are in `attentionMarkers` through core; the loosening is for markers other
    // constructs register (GFM strikethrough's `~`).
    const open = !after || (after === 2 && before) || (attentionMarkers.includes(code) && code !== 42 && code !== 95)
    const close = !before || (before === 2 && after) || (attentionMarkers.includes(previous) && previous !== 42 && previous !== 95)
    token._open = Boolean(marker === 42 ? open : open && (before || !close))
    token._close = Boolean(marker === 42 ? close : close && (after || !open))
    return ok(code)
  }
}

/** Moves a point within a line. */
function movePoint(point: Point, offset: number): void {
  point.column += offset
  point.offset += offset
  point._bufferIndex += offset
}
