import hljs from 'highlight.js/lib/core'
import bash from 'highlight.js/lib/languages/bash'
import css from 'highlight.js/lib/languages/css'
import diff from 'highlight.js/lib/languages/diff'
import go from 'highlight.js/lib/languages/go'
import ini from 'highlight.js/lib/languages/ini'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import markdown from 'highlight.js/lib/languages/markdown'
import python from 'highlight.js/lib/languages/python'
import shell from 'highlight.js/lib/languages/shell'
import sql from 'highlight.js/lib/languages/sql'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'
import type { Element, ElementContent } from 'hast'
import { escapeHtml } from '../../shared/escape.js'
import { escapeAttribute } from './html-escapes.js'
import { CODE_BLOCK_CLASS } from '../../shared/markup.js'
import { HtmlEmitter } from './highlight-emitter.js'
import { type CodeLines, linesClasses, preInner } from './code-lines.js'

/*
 * Build-time highlighting with highlight.js: class-based output (`hljs-keyword`) so one small
 * stylesheet themes light and dark mode, no WebAssembly, and fast enough to highlight thousands
 * of blocks per second. Nothing of it is shipped to readers.
 */
/** The languages a code block may name (besides their aliases below). */
export const LANGUAGES = { bash, css, diff, go, ini, javascript, json, markdown, python, shell, sql, typescript, xml, yaml }
for (const [name, lang] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, lang)
hljs.registerAliases(['js', 'mjs', 'cjs', 'jsx'], { languageName: 'javascript' })
hljs.registerAliases(['ts', 'tsx', 'mts'], { languageName: 'typescript' })
hljs.registerAliases(['sh', 'zsh', 'console'], { languageName: 'bash' })
hljs.registerAliases(['html', 'vue', 'svg'], { languageName: 'xml' })
hljs.registerAliases(['yml'], { languageName: 'yaml' })
hljs.registerAliases(['md'], { languageName: 'markdown' })
hljs.registerAliases(['toml', 'conf'], { languageName: 'ini' })
hljs.registerAliases(['py'], { languageName: 'python' })
hljs.configure({ __emitter: HtmlEmitter })

/**
 * Highlighted blocks by language and code: sites repeat snippets (install commands, configs).
 * Bounded by characters held, not entries, so a worker's heap stays small whatever the blocks' size.
 */
const cache = new Map<string, string>()
const CACHE_CHARS = 4_000_000
let cachedChars = 0

/** Highlighted HTML of `code` (escaped), or escaped plain text for unknown languages. */
export function highlight(code: string, lang: string): string {
  const key = lang + '\0' + code
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  const html = lang && hljs.getLanguage(lang) ? hljs.highlight(code, { language: lang, ignoreIllegals: true }).value : escapeHtml(code)
  if (cachedChars + key.length + html.length > CACHE_CHARS) {
    cache.clear()
    cachedChars = 0
  }
  cache.set(key, html)
  cachedChars += key.length + html.length
  return html
}

/**
 * A block's code as CommonMark writes it: every line ends with its line ending, the last one
 * too (`<pre><code>a\n</code></pre>`), so the element's text is the code as written; an empty
 * block is empty.
 */
function blockCode(code: string, lang: string): string {
  return code ? highlight(code, lang) + '\n' : ''
}

/** `codeBlock` as HTML, for the writer that makes no hast (write-html.ts); a test holds the two equal. */
export function codeBlockHtml(code: string, lang: string, lines?: CodeLines): string {
  const name = escapeAttribute(lang)
  const classes = [`language-${name || 'text'}`, CODE_BLOCK_CLASS, ...linesClasses(lines)].join(' ')
  return `<div class="${classes}"${lang ? ` data-lang="${name}"` : ''}><pre class="hljs">${codeInner(code, lang, lines)}</pre></div>`
}

/**
 * A fenced code block as hast: `<div class="language-LANG code-block"><pre class="hljs"><code>` with
 * the highlighted code (and its marked lines and numbers, code-lines.ts).
 */
export function codeBlock(code: string, lang: string, lines?: CodeLines): Element {
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: [`language-${lang || 'text'}`, CODE_BLOCK_CLASS, ...linesClasses(lines)], dataLang: lang || undefined },
    children: [
      {
        type: 'element',
        tagName: 'pre',
        properties: { className: ['hljs'] },
        children: [{ type: 'raw', value: codeInner(code, lang, lines) } as unknown as ElementContent],
      },
    ],
  }
}

/** What both writers put inside `<pre>`: the code as `blockCode` writes it, with its marked lines and numbers. */
function codeInner(code: string, lang: string, lines: CodeLines | undefined): string {
  if (!lines) return `<code>${blockCode(code, lang)}</code>`
  return preInner(code ? highlight(code, lang) : '', code.split('\n').length, lines, code ? '\n' : '')
}
