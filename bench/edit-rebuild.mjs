// The loop an author lives in: one page edited, then `gptnotes build` again with the cache and
// the output kept (bench/build-once.mjs --cache in a child process, as the CLI runs it). Prints the
// median CPU seconds and wall seconds of `EDITS` edits (default 10) of each kind: a sentence
// appended to the probe page's body, and its title changed (the lists that show it too). The
// page is put back as it was at the end (and built once more, so the output is the corpus's).
//   node bench/edit-rebuild.mjs SITE [EDITS]
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildOnce } from './ci-build.mjs'

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
export const PROBE_SOURCE = 'content/handbook/setup-0002.md'

/** Median CPU-s and wall s of `edits` rebuilds after `change(text, i)` of the probe page, and the stages of the median one. */
function editRow(site, edits, change) {
  const file = join(site, PROBE_SOURCE)
  const original = readFileSync(file, 'utf8')
  const runs = []
  try {
    for (let i = 0; i < edits; i++) {
      writeFileSync(file, change(original, i))
      runs.push(buildOnce(site))
    }
  } finally {
    writeFileSync(file, original)
  }
  const mid = median(runs.map((r) => r.cpuMs))
  return { cpu: mid / 1000, wall: median(runs.map((r) => r.wall)), stages: runs.find((r) => r.cpuMs === mid).stages, pages: runs[0].pages }
}

export function editRows(site, edits = 10) {
  // The build before: the cache and the output an author has.
  if (!existsSync(join(site, 'dist'))) buildOnce(site)
  const body = editRow(site, edits, (text, i) => `${text}\n\n这是第 ${i + 1} 次修改时加上的一句话。\n`)
  const title = editRow(site, edits, (text, i) => text.replace(/^title: "(.*)"$/m, (_, t) => `title: "${t}（第 ${i + 1} 版）"`))
  buildOnce(site)
  return { pages: body.pages, body, title }
}

export function printEditTable(rows, edits) {
  console.log('')
  console.log(`| N | edit: one page's body — rebuild CPU-s | wall s | edit: its title — rebuild CPU-s | wall s | slowest stages (body edit), ms |`)
  console.log('|---|---|---|---|---|---|')
  for (const r of rows) {
    const slowest = Object.entries(r.body.stages).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([s, ms]) => `${s} ${ms}`).join(', ')
    console.log(`| ${r.n} | ${r.body.cpu.toFixed(2)} | ${r.body.wall.toFixed(2)} | ${r.title.cpu.toFixed(2)} | ${r.title.wall.toFixed(2)} | ${slowest} |`)
  }
  console.log(`(median of ${edits} edits each; cache and output kept, as an author's second build)`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const site = process.argv[2]
  const edits = Number(process.argv[3] ?? 10)
  const n = Number(/n(\d+)$/.exec(site)?.[1] ?? 0) || '—'
  printEditTable([{ n, ...editRows(site, edits) }], edits)
}
