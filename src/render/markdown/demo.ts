import type { Element, ElementContent } from 'hast'
import type { Root, RootContent } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'
import { DEMO_DIR, DEMO_LABELS, type DemoLang, type DemoScripts, type DemoSlot } from '../../shared/widgets/demo.js'
import { DEMO_BOOT } from '../../shared/widgets/demo-boot.js'
import { withBase } from '../../shared/paths.js'
import { contentHash } from '../chunks/chunk-file.js'
import { problem, warning, type BuildWarning, type SourceLocation } from '../errors/index.js'
import type { ContainerBlock } from './types.js'
import { codeBlock } from './highlight.js'
import { visit } from './visit.js'

/** The fence languages a demo takes, by what authors write after the backticks. */
const SLOT_OF: Readonly<Record<string, DemoLang>> = { html: 'html', js: 'js', javascript: 'js', css: 'css' }

/** The `[title]` label micromark gives a container: its first paragraph, marked. */
const isLabel = (node: RootContent | undefined): boolean =>
  node?.type === 'paragraph' && !!(node.data as { directiveLabel?: boolean } | undefined)?.directiveLabel

const contentOf = (node: ContainerDirective): RootContent[] => (isLabel(node.children[0]) ? node.children.slice(1) : node.children) as RootContent[]

/** The slots of a demo block in the order written; anything that is not a slot is left out here (checkDemoBlocks reports it). */
export function demoSlots(node: ContainerDirective): DemoSlot[] {
  const slots: DemoSlot[] = []
  for (const child of contentOf(node)) {
    const lang = child.type === 'code' ? SLOT_OF[(child.lang ?? '').toLowerCase()] : undefined
    if (child.type === 'code' && lang && !slots.some((s) => s.lang === lang)) slots.push({ lang, code: child.value })
  }
  return slots
}

/** What is wrong inside a demo block: the first child that is not a slot, said in the author's terms. */
function strayChild(node: ContainerDirective): { what: string; at: RootContent } | undefined {
  const seen = new Set<DemoLang>()
  for (const child of contentOf(node)) {
    if (child.type !== 'code') return { what: `a ${child.type === 'paragraph' ? 'paragraph' : child.type} (text between the code blocks)`, at: child }
    const written = (child.lang ?? '').toLowerCase()
    const lang = SLOT_OF[written]
    if (!lang) return { what: written ? `a \`\`\`${written} block` : 'a code block without a language', at: child }
    if (seen.has(lang)) return { what: `a second \`\`\`${lang} block`, at: child }
    seen.add(lang)
  }
  return undefined
}

const CLOSING_FENCE = /^\s{0,3}:{3,}\s*$/

/**
 * Stops the build at the first malformed `::: demo` block of a page: one left open (micromark
 * would run it to the end of the file), one that holds something other than the html, js and
 * css slots, or one with no slot at all. Positions are the file's lines (`source`).
 */
export function checkDemoBlocks(tree: Root, file: string, source: string): void {
  const lines = source.split('\n')
  const at = (node: { position?: { start: { line: number; column: number } } }): SourceLocation => ({
    file,
    line: node.position?.start.line ?? 1,
    column: node.position?.start.column ?? 1,
  })
  visit(tree, 'containerDirective', (node) => {
    if (node.name !== 'demo') return
    const end = node.position?.end.line
    if (end !== undefined && !CLOSING_FENCE.test((lines[end - 1] ?? '').replace(/\r$/, ''))) throw problem('DemoUnclosed', {}, at(node), { source })
    const stray = strayChild(node)
    if (stray) throw problem('DemoUnknownSlot', { what: stray.what }, at(stray.at), { source })
    if (demoSlots(node).length === 0) throw problem('DemoNoCode', {}, at(node), { source })
  })
}

/**
 * Markup in a demo's html that would run code, which the site's policy refuses, and how to say
 * it. Group 1 is what the warning points at (`$1` in the text stands for it).
 */
const INLINE_CODE: readonly [RegExp, string][] = [
  [/(<script)\b/i, 'a <script> element'],
  [/<[a-z][^>]*?\s(on[a-z]+)\s*=/i, 'an inline event handler ($1=…)'],
  [/\s(?:href|src|action)\s*=\s*["']?\s*(javascript:)/i, 'a javascript: address'],
]

/** Where the demo's script files are, on its node: demoProps puts them in the island's props. */
interface DemoData {
  demoScripts?: DemoScripts
}

/**
 * The script files of a page's demos, and what in their html cannot run. The frame of a demo
 * inherits the site's Content-Security-Policy, which runs only the site's script files: so each
 * js slot becomes a file named by its content's hash (`assets/demo/<hash>.js`, shared by equal
 * demos), and so does the frame's boot script. Their paths go on the node for the island's props.
 * Inline scripts and event handlers in the html slot are refused by that policy: each block
 * warns once, at the first one.
 */
export function demoScripts(tree: Root, base: string, file: string): { files: Record<string, string>; warnings: BuildWarning[] } {
  const files: Record<string, string> = {}
  const warnings: BuildWarning[] = []
  const boot = `${DEMO_DIR}boot.${contentHash(DEMO_BOOT)}.js`
  visit(tree, 'containerDirective', (node) => {
    if (node.name !== 'demo') return
    const scripts: DemoScripts = { boot: withBase(base, '/' + boot) }
    files[boot] = DEMO_BOOT
    const js = demoSlots(node).find((s) => s.lang === 'js')
    if (js) {
      const path = `${DEMO_DIR}${contentHash(js.code)}.js`
      files[path] = js.code
      scripts.js = withBase(base, '/' + path)
    }
    ;((node.data ??= {}) as DemoData).demoScripts = scripts
    const html = contentOf(node).find((c) => c.type === 'code' && SLOT_OF[(c.lang ?? '').toLowerCase()] === 'html')
    if (html?.type === 'code') {
      const found = INLINE_CODE.flatMap(([re, what]) => {
        const m = re.exec(html.value)
        return m ? [{ at: m.index + m[0].lastIndexOf(m[1]), what: what.replace('$1', m[1]) }] : []
      }).sort((a, b) => a.at - b.at)[0]
      if (found) {
        // The code starts on the line after the fence.
        const before = html.value.slice(0, found.at)
        const line = (html.position?.start.line ?? 1) + 1 + (before.match(/\n/g)?.length ?? 0)
        const column = found.at - before.lastIndexOf('\n')
        warnings.push(warning('DemoInlineScript', { what: found.what }, { file, line, column }))
      }
    }
  })
  return { files, warnings }
}

const text = (value: string): ElementContent => ({ type: 'text', value })

/**
 * The fallback a reader gets without JavaScript: the description, then each slot's highlighted
 * code under its name. The island reads the highlighted code back from `[data-island-body]`.
 */
export function demoFallback({ title, node }: ContainerBlock): Element {
  const body: ElementContent[] = demoSlots(node).flatMap(({ lang, code }) => [
    { type: 'element', tagName: 'p', properties: { className: ['demo-slot-name'] }, children: [text(DEMO_LABELS[lang])] },
    codeBlock(code, lang),
  ])
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['demo-block'] },
    children: [
      { type: 'element', tagName: 'p', properties: { className: ['demo-title'] }, children: [text(title)] },
      { type: 'element', tagName: 'div', properties: { dataIslandBody: '' }, children: body },
    ],
  }
}

/**
 * The island's props: the description, each slot's code (the demo's page is built from them in
 * the browser, and the code tabs show them) and the script files the frame loads (`demoScripts`).
 */
export function demoProps({ title, node }: ContainerBlock): Record<string, unknown> {
  const scripts = (node.data as DemoData | undefined)?.demoScripts
  return { title, slots: demoSlots(node), ...(scripts ? { scripts } : {}) }
}
