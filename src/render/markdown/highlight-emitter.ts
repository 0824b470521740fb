import type { Emitter } from 'highlight.js'

/*
 * highlight.js's own emitter builds a tree of tokens, then walks it into HTML, escaping each text
 * with five `replace` calls: about a third of the highlighting of a site's code blocks. This one
 * writes the same HTML as it goes. Its interface is highlight.js's `__emitter` option (internal,
 * documented in `lib/core.js` as "the minimal API necessary"); `highlight.test.ts` holds its
 * output equal to the tree's for every language registered, so an upgrade that changes it fails there.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' }
const SPECIAL = /[&<>"']/
const SPECIALS = /[&<>"']/g

/** As highlight.js escapes text (`'` as `&#x27;`), without a pass for text that needs none. */
function escapeText(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]) : text
}

/** A scope's classes, as highlight.js's `scopeToCSSClass` names them (`title.function` → `hljs-title function_`). */
function scopeClass(scope: string, prefix: string): string {
  if (scope.startsWith('language:')) return 'language-' + scope.slice('language:'.length)
  if (!scope.includes('.')) return prefix + scope
  const [first, ...rest] = scope.split('.')
  return [prefix + first, ...rest.map((piece, i) => piece + '_'.repeat(i + 1))].join(' ')
}

export class HtmlEmitter implements Emitter {
  html = ''
  /** What each open scope closes with: `</span>`, or nothing for a scope with no name. */
  private readonly open: string[] = []
  private readonly prefix: string

  constructor(options: { classPrefix: string }) {
    this.prefix = options.classPrefix
  }

  addText(text: string): void {
    if (text) this.html += escapeText(text)
  }

  startScope(scope: string): void {
    this.openNode(scope)
  }

  endScope(): void {
    this.closeNode()
  }

  // The parser also calls these two by their tree names (modes and continuations).
  openNode(scope: string): void {
    if (scope) this.html += `<span class="${scopeClass(scope, this.prefix)}">`
    this.open.push(scope ? '</span>' : '')
  }

  closeNode(): void {
    if (this.open.length) this.html += this.open.pop()
  }

  __addSublanguage(emitter: Emitter, name: string): void {
    const inner = (emitter as HtmlEmitter).html
    this.html += name ? `<span class="language-${name}">${inner}</span>` : inner
  }

  finalize(): void {
    while (this.open.length) this.closeNode()
  }

  toHTML(): string {
    return this.html
  }
}
