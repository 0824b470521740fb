import { readFileSync, realpathSync, statSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import type { Code, Paragraph, Parents, PhrasingContent, Root } from 'mdast'
import { raise } from '../errors/index.js'
import { fileStamp } from './image-sizes.js'
import { visit } from './visit.js'

/*
 * Code imported from a file, as VuePress 1 authors write it: a line `<<< @/path/to/file.js` at the
 * start of a paragraph becomes a code block of that file, in the language its extension names.
 * `{2,4-5}` after the path highlights lines (code-lines.ts reads them, as a fence's), and
 * `#name` takes only the lines between a `#region name` and a `#endregion` comment (VS Code's
 * folding regions), without their common indentation. `@` is the content folder (VuePress's
 * source folder); a path without it is read from the site folder (where VuePress was run). No
 * file outside the site folder is ever read.
 */

export interface ImportContext {
  /** The `content/` folder; the site folder is its parent. */
  contentDir: string
  /** The page as errors name it (`content/a.md`). */
  file: string
  /** The page's whole text: the tree's lines and columns point into it (and the code frame shows it). */
  source: string
}

/** `<<< path#region {lines}`: the path, the region, the highlighted lines (VuePress's form, blanks allowed in the braces). */
const SPEC = /^(.+?)(?:#([\w*-]+))?(?:\s*(\{[\d\s,-]*\}))?$/

/**
 * The region markers VuePress 1 knows, by comment style: `[tag, name]` of a marker line. The
 * name may be left off an end marker (VS Code's `// #endregion`), which closes the innermost region.
 */
const REGION_MARKERS = [
  /^\/\/ ?#?((?:end)?region)(?: ([\w*-]+))?$/i, // JavaScript, TypeScript, Java, C, Go
  /^\/\* ?#((?:end)?region)(?: ([\w*-]+))? ?\*\/$/i, // CSS, Less, SCSS
  /^#pragma ((?:end)?region)(?: ([\w*-]+))?$/i, // C, C++
  /^<!-- #?((?:end)?region)(?: ([\w*-]+))? -->$/i, // HTML, markdown
  /^#((?:End )?Region)(?: ([\w*-]+))?$/i, // Visual Basic
  /^::#((?:end)?region)(?: ([\w*-]+))?$/i, // Bat
  /^# ?((?:end)?region)(?: ([\w*-]+))?$/i, // Python, shell, YAML, C#, PHP, PowerShell, Perl
]

/** The import's first line, as written, when `node` opens with one (`<<<` at the very start, not `\\<<<`). */
function importLine(node: Paragraph, lines: string[]): string | undefined {
  const first = node.children[0]
  const start = node.position?.start
  if (first?.type !== 'text' || !first.value.startsWith('<<<') || !start) return undefined
  const line = lines[start.line - 1]?.slice(start.column - 1).replace(/\r$/, '')
  return line?.startsWith('<<<') ? line : undefined
}

/**
 * Replace each paragraph that opens with `<<<` by the code it imports (and what follows the
 * line, as a paragraph of its own). Returns the stamps of the files read (see `fileStamp`), so
 * a cached page is parsed again when one of them changes.
 */
export function importCode(tree: Root, ctx: ImportContext): Record<string, string> {
  const stamps: Record<string, string> = {}
  if (!ctx.source.includes('<<<')) return stamps
  const lines = ctx.source.split('\n')
  const found: { parent: Parents; node: Paragraph; line: string }[] = []
  visit(tree, 'paragraph', (node, parent) => {
    const line = parent && importLine(node, lines)
    if (line !== undefined && parent) found.push({ parent, node, line })
  })
  for (const { parent, node, line } of found) {
    const replacement = splitImports(node, line, ctx, stamps)
    const children = parent.children as (typeof parent.children)[number][]
    children.splice(children.indexOf(node), 1, ...(replacement as typeof children))
  }
  return stamps
}

/**
 * The paragraph's import lines, each a code block, then the rest of the paragraph (VuePress
 * reads an import line as a block of its own, so the lines after it start a new paragraph).
 */
function splitImports(node: Paragraph, firstLine: string, ctx: ImportContext, stamps: Record<string, string>): (Code | Paragraph)[] {
  const out: (Code | Paragraph)[] = []
  const start = node.position!.start
  let children: PhrasingContent[] = node.children
  // The first line as written; the lines after it from the tree (in the source they carry list and quote markers).
  let line: string | undefined = firstLine
  for (let k = 0; line !== undefined; k++) {
    const at = { line: start.line + k, column: start.column }
    out.push(importedCode(line.slice(3).trim(), at, ctx, stamps))
    children = k === 0 ? afterLine(children, start.line) : afterFirstLine(children)
    const head = children[0]
    const nl = head?.type === 'text' ? head.value.indexOf('\n') : -1
    // A further import line: plain text up to its end of line (or the paragraph's end).
    line = head?.type === 'text' && head.value.startsWith('<<<') && (nl >= 0 || children.length === 1) ? (nl >= 0 ? head.value.slice(0, nl) : head.value) : undefined
  }
  if (children.length) out.push({ type: 'paragraph', children, position: { start: { line: start.line + out.length, column: start.column }, end: node.position!.end } })
  return out
}

/** The inline nodes after source line `line`. */
function afterLine(children: PhrasingContent[], line: number): PhrasingContent[] {
  const out: PhrasingContent[] = []
  for (const child of children) {
    if ((child.position?.end.line ?? line) <= line) continue
    if ((child.position?.start.line ?? line) <= line) {
      // The text the line ends in: what follows its first line break. Markup that runs on past
      // the line (emphasis opened on it) stays whole rather than lose its later text.
      if (child.type !== 'text') out.push(child)
      else if (child.value.includes('\n')) {
        const rest = child.value.slice(child.value.indexOf('\n') + 1)
        if (rest) out.push({ type: 'text', value: rest })
      }
      continue
    }
    out.push(child)
  }
  // A break that ended the import line leaves nothing to start the next paragraph with.
  while (out[0]?.type === 'break') out.shift()
  return out
}

/** The inline nodes after the first line of a text that opens them. */
function afterFirstLine(children: PhrasingContent[]): PhrasingContent[] {
  const [head, ...rest] = children
  if (head?.type !== 'text') return rest
  const nl = head.value.indexOf('\n')
  if (nl < 0) return rest
  const tail = head.value.slice(nl + 1)
  return tail ? [{ type: 'text', value: tail }, ...rest] : rest
}

/** One `<<<` line's code block, its file read (or the build stopped at the line). */
function importedCode(spec: string, at: { line: number; column: number }, ctx: ImportContext, stamps: Record<string, string>): Code {
  const loc = { file: ctx.file, ...at }
  const m = SPEC.exec(spec)
  if (!m) raise('CodeImportNotFound', { path: '(no path after <<<)' }, loc, { source: ctx.source })
  const written = m[1].trim()
  const siteRoot = dirname(ctx.contentDir)
  const path = written.startsWith('@') ? join(ctx.contentDir, written.slice(1)) : resolve(siteRoot, written)
  if (!within(siteRoot, path)) raise('CodeImportOutsideSite', { path: written }, loc, { source: ctx.source })
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) raise('CodeImportNotFound', { path: written }, loc, { source: ctx.source })
  // A symbolic link (or a folder on the way) may lead out of the site.
  if (!within(realpathSync(siteRoot), realpathSync(path))) raise('CodeImportOutsideSite', { path: written }, loc, { source: ctx.source })
  if (!stat.isFile()) raise('CodeImportNotFound', { path: written, folder: true }, loc, { source: ctx.source })
  stamps[path] = fileStamp(path)
  let text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  const region = m[2]
  if (region) {
    const lines = regionLines(text.split('\n'), region)
    if (!lines) raise('CodeImportRegionNotFound', { path: written, region }, loc, { source: ctx.source })
    text = dedent(lines).join('\n')
  } else if (text.endsWith('\n')) {
    // A fence's code has no final line break; the file's last line ends with one.
    text = text.slice(0, -1)
  }
  const ext = /\.([a-z0-9]+)$/i.exec(written)?.[1]?.toLowerCase() ?? null
  return { type: 'code', lang: ext, meta: m[3] ?? null, value: text, position: { start: { ...at }, end: { line: at.line, column: at.column + spec.length + 3 } } }
}

function within(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith('..' + sep))
}

/** The lines between the region's opening marker and its end (nested markers of its style left out), or none. */
function regionLines(lines: string[], name: string): string[] | undefined {
  for (let i = 0; i < lines.length; i++) {
    const style = REGION_MARKERS.find((re) => opens(lines[i], re, name))
    if (!style) continue
    let depth = 0 // regions opened inside this one and not yet closed
    for (let j = i + 1; j < lines.length; j++) {
      const m = style.exec(lines[j].trim())
      if (!m) continue
      if (/^region$/i.test(m[1])) depth++
      else if (m[2] === name || (m[2] === undefined && depth === 0)) return lines.slice(i + 1, j).filter((l) => !style.test(l.trim()))
      else depth = Math.max(0, depth - 1)
    }
    return undefined
  }
  return undefined
}

/** Whether `line` opens the region `name` in the comment style `re`. */
function opens(line: string, re: RegExp, name: string): boolean {
  const m = re.exec(line.trim())
  return !!m && m[2] === name && /^region$/i.test(m[1])
}

/** The lines without the indentation all of them share (blank lines aside). */
function dedent(lines: string[]): string[] {
  let common: string | undefined
  for (const line of lines) {
    if (!line.trim()) continue
    const indent = /^[ \t]*/.exec(line)![0]
    if (common === undefined) common = indent
    else {
      let n = 0
      while (n < common.length && n < indent.length && common[n] === indent[n]) n++
      common = common.slice(0, n)
    }
  }
  return common ? lines.map((l) => (l.startsWith(common) ? l.slice(common.length) : l.trim() ? l : '')) : lines
}
