import type { Element, ElementContent } from 'hast'
import type { Root, RootContent } from 'mdast'
import type { ContainerDirective } from 'mdast-util-directive'
import { DEMO_LABELS, type DemoLang, type DemoSlot } from '../../shared/demo.js'
import { problem, type SourceLocation } from '../errors/index.js'
import type { ContainerBlock } from './containers.js'
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

/** The island's props: the description and each slot's code (the demo's page is built from them in the browser). */
export function demoProps({ title, node }: ContainerBlock): Record<string, unknown> {
  return { title, slots: demoSlots(node) }
}
