import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { SiteFile } from './site-files.js'

/**
 * What may already be in the folder of a new site: what `npm install` of gptnotes and
 * `git init` leave. Anything else makes the folder someone's work, refused without `--force`.
 */
const ALLOWED = new Set(['package.json', 'package-lock.json', 'node_modules', '.git', '.npmrc'])

/** The entries of `dir` that make it not empty for a new site (none for a missing folder). */
export function occupiedBy(dir: string): string[] {
  if (!existsSync(dir)) return []
  if (!statSync(dir).isDirectory()) return [dir]
  return readdirSync(dir).filter((e) => !ALLOWED.has(e)).sort()
}

/**
 * Write the files into `dir` (made when missing). A `package.json` already there (from
 * `npm install gptnotes`) is kept and completed, its own gptnotes dependency kept as it is.
 */
export function writeSite(dir: string, files: SiteFile[]): string[] {
  const written: string[] = []
  for (const file of files) {
    const target = join(dir, file.path)
    mkdirSync(dirname(target), { recursive: true })
    const text = file.path === 'package.json' && existsSync(target) ? mergePackageJson(readFileSync(target, 'utf8'), file.text) : file.text
    writeFileSync(target, text)
    written.push(file.path)
  }
  return written
}

type Pkg = Record<string, unknown> & {
  scripts?: Record<string, string>
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  allowScripts?: Record<string, boolean>
}

/** The existing package.json with the new one's scripts and settings added where it has none. */
export function mergePackageJson(existing: string, fresh: string): string {
  let old: Pkg
  try {
    old = JSON.parse(existing) as Pkg
  } catch {
    return fresh // not JSON: nothing of it can be kept
  }
  const add = JSON.parse(fresh) as Pkg
  const merged: Pkg = { ...add, ...old }
  merged.scripts = { ...add.scripts, ...old.scripts }
  merged.allowScripts = { ...add.allowScripts, ...old.allowScripts }
  const installed = old.dependencies?.gptnotes ?? old.devDependencies?.gptnotes
  if (installed) merged.devDependencies = old.devDependencies
  else merged.devDependencies = { ...old.devDependencies, ...add.devDependencies }
  if (!merged.devDependencies) delete merged.devDependencies
  return JSON.stringify(merged, null, 2) + '\n'
}
