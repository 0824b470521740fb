import { lstatSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Finding } from './findings.js'

/** One file of the result: copied from `from` (absolute) or written with `text`. */
export interface PlannedFile {
  /** Relative to the output folder, with `/`. */
  path: string
  from?: string
  text?: string
}

export interface SourceFiles {
  /** The markdown pages, relative to the source folder (`guide/README.md`), sorted. */
  pages: string[]
  /** What goes under content/: the pages, the other files, and `.vuepress/public/` as `public/`. */
  files: PlannedFile[]
  findings: Finding[]
}

/** What `.vuepress/` holds besides the config and `public/`, with why it does not carry over. */
const VUEPRESS_PARTS: [RegExp, string, string?][] = [
  [/^config\.(js|cjs|mjs|ts|yml|toml)$/, ''],
  [/^public$/, ''],
  [/^dist$/, ''],
  [/^components$/, "Vue components do not run in gptnotes pages; components that gptnotes reads natively (<Badge>, <ClientOnly>, <code-group>) need no file", 'check the pages that use the others'],
  [/^styles$/, "the theme's look is gptnotes's (palette.styl and index.styl are Stylus for reco's theme)", 'restyle what matters in the theme'],
  [/^enhanceApp\.(js|ts)$/, 'no Vue app runs the pages'],
  [/^theme$/, "a local theme's Vue components do not run in gptnotes"],
  [/^templates$/, 'gptnotes writes its own HTML'],
]

const walk = (dir: string, rel: string, visit: (rel: string, abs: string, kind: 'file' | 'dir' | 'link') => boolean): void => {
  for (const name of readdirSync(dir).sort()) {
    const abs = join(dir, name)
    const r = rel ? `${rel}/${name}` : name
    const st = lstatSync(abs)
    const kind = st.isSymbolicLink() ? 'link' : st.isDirectory() ? 'dir' : 'file'
    if (visit(r, abs, kind) && kind === 'dir') walk(abs, r, visit)
  }
}

/**
 * The source folder as content/: every file VuePress would see (dot-files and node_modules
 * skipped, as both tools do), without `.vuepress/`, plus `.vuepress/public/` as `public/`.
 * Vue single-file pages and symbolic links are left out and reported.
 */
export function sourceFiles(sourceDir: string): SourceFiles {
  const pages: string[] = []
  const files: PlannedFile[] = []
  const findings: Finding[] = []
  walk(sourceDir, '', (rel, abs, kind) => {
    const name = rel.split('/').pop()!
    if (rel === '.vuepress' || name.startsWith('.') || name === 'node_modules') return false
    if (kind === 'link') {
      findings.push({ kind: 'dropped', from: rel, file: rel, reason: 'a symbolic link is not copied', todo: 'copy what it points to into the folder' })
      return false
    }
    if (kind === 'dir') return true
    if (name.endsWith('.vue')) {
      findings.push({ kind: 'dropped', from: rel, file: rel, reason: 'a Vue single-file page does not run in gptnotes', todo: 'rewrite it as a markdown page' })
      return false
    }
    if (name.endsWith('.md')) pages.push(rel)
    files.push({ path: `content/${rel}`, from: abs })
    return false
  })
  const vuepress = join(sourceDir, '.vuepress')
  let parts: string[] = []
  try {
    parts = readdirSync(vuepress).sort()
  } catch {
    // no .vuepress/: a site on VuePress's defaults
  }
  for (const part of parts) {
    const known = VUEPRESS_PARTS.find(([re]) => re.test(part))
    if (part === 'public') {
      walk(join(vuepress, 'public'), '', (rel, abs, kind) => {
        if (rel.split('/').pop()!.startsWith('.')) return false
        if (kind === 'dir') return true
        if (kind === 'link') {
          findings.push({ kind: 'dropped', from: `.vuepress/public/${rel}`, file: `.vuepress/public/${rel}`, reason: 'a symbolic link is not copied' })
          return false
        }
        const path = `content/public/${rel}`
        const clash = files.find((f) => f.path === path)
        if (clash) {
          findings.push({ kind: 'dropped', from: `public/${rel}`, file: `public/${rel}`, reason: `.vuepress/public/${rel} goes to the same place and wins` })
          clash.from = abs
        } else files.push({ path, from: abs })
        return false
      })
      continue
    }
    if (known && !known[1]) continue
    // Modules beside the config (nav.js, sidebar.ts …) were read through it.
    if (part.startsWith('.') || (!known && /\.(js|cjs|mjs|ts|json)$/.test(part))) continue
    findings.push({ kind: 'dropped', from: `.vuepress/${part}`, file: `.vuepress/${part}`, reason: known?.[1] ?? 'VuePress files other than the config and public/ are not read by gptnotes', ...(known?.[2] ? { todo: known[2] } : {}) })
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return { pages: pages.sort(), files, findings: [...findings, ...pageFindings(sourceDir, pages)] }
}

/** Frontmatter fields of VuePress pages that gptnotes does not read, at their file:line. */
const PAGE_FIELDS: Record<string, [string, string]> = {
  permalink: ['gptnotes addresses a page by its file path', 'move the file to the path it should have (links to the old address then break: add a page there that links on)'],
  layout: ["a VuePress layout is a Vue component; gptnotes's layouts are its own", 'drop the field, or keep the page as an article'],
}

function pageFindings(sourceDir: string, pages: string[]): Finding[] {
  const out: Finding[] = []
  for (const page of pages) {
    const lines = readFileSync(join(sourceDir, page), 'utf8').split(/\r?\n/)
    if (lines[0]?.trim() !== '---') continue
    for (let i = 1; i < lines.length && lines[i].trim() !== '---'; i++) {
      const m = /^([A-Za-z]+)\s*:/.exec(lines[i])
      const why = m && PAGE_FIELDS[m[1]]
      if (why) out.push({ kind: 'dropped', from: `frontmatter ${m[1]}`, file: page, line: i + 1, reason: why[0], todo: why[1] })
    }
  }
  return out
}
