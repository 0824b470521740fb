import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FIXTURES } from './sites.js'
import type { LinkProblem } from '../../src/tools/check-links/report.js'

export type Problem = LinkProblem

/** The findings written beside a fixture (`expected.json`). */
export function expectedProblems(fixture: string): Problem[] {
  return (JSON.parse(readFileSync(join(FIXTURES, fixture, 'expected.json'), 'utf8')) as { problems: Problem[] }).problems
}

export const asLine = (p: Problem) => `${p.file}:${p.line}${p.column ? `:${p.column}` : ''}  ${p.link}  ${p.reason}`

/**
 * The path a reported link points at, resolved against the page it is on: `content/a/b.md` is
 * the page `/gpt/a/b.html` (README.md the folder), `dist/x.html` is `/gpt/x.html`.
 */
export function targetPath(p: Problem, base = '/gpt/'): string {
  let page: string
  if (p.file.startsWith('content/')) page = base + p.file.slice('content/'.length).replace(/(^|\/)(README|index)\.md$/i, '$1').replace(/\.md$/i, '.html')
  else page = base + p.file.slice(p.file.indexOf('/') + 1)
  const url = new URL(p.link, 'http://site.test' + encodeURI(page))
  return url.pathname + url.search
}
