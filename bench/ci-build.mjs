// A CI-style build beside Hugo's cold build, in the same run: a fresh checkout (no dist/) with
// the cache folder node_modules/.cache/gptnotes restored from the previous run, as the README's
// CI recipe keeps it. Prints its own small table.
//   node bench/ci-build.mjs SITE [RUNS]
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { dirSize } from './dir-size.mjs'
import { hugoOnce, hugoVersion, makeHugoSite } from './hugo.mjs'

const here = join(fileURLToPath(import.meta.url), '..')
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** One build in a child process (bench/build-once.mjs with the site's caches, as `gptnotes build`): its wall seconds and result. */
export function buildOnce(site) {
  const t0 = performance.now()
  const child = spawnSync(process.execPath, [join(here, 'build-once.mjs'), site, '--cache'], { encoding: 'utf8' })
  const wall = (performance.now() - t0) / 1000
  if (child.status !== 0) throw new Error(child.stderr || child.stdout)
  return { wall, ...JSON.parse(child.stdout.trim().split('\n').pop()) }
}

export function ciRow(site, runs = 3) {
  const cache = join(site, 'node_modules', '.cache', 'gptnotes')
  // The run before: what CI restores (parsed pages, the client bundle).
  if (!existsSync(cache) || readdirSync(cache).length === 0) buildOnce(site)
  const version = hugoVersion()
  const hugoDir = version ? makeHugoSite(site) : undefined
  const ci = []
  const hugo = []
  // Alternating, so a busy machine weighs on both alike.
  for (let i = 0; i < runs; i++) {
    rmSync(join(site, 'dist'), { recursive: true, force: true })
    ci.push(buildOnce(site))
    if (hugoDir) hugo.push(hugoOnce(hugoDir))
  }
  // Both outputs as a host stores them: what "bytes ≤ 3× Hugo's" compares.
  const output = dirSize(join(site, 'dist'))
  const hugoOutput = hugoDir ? dirSize(join(hugoDir, 'public')) : null
  return { pages: ci[0].pages, ci: median(ci.map((r) => r.wall)), rssMiB: Math.max(...ci.map((r) => r.maxRssKiB)) / 1024, hugo: hugo.length ? median(hugo) : null, version, output, hugoOutput }
}

export function printCiTable(rows, runs) {
  console.log('')
  console.log(`| N | CI build s (no dist/, cache restored; median of ${runs}) | peak RSS MiB | Hugo cold build s (same run) | CI build / Hugo | output MiB (files) | Hugo's output MiB (files) | bytes / Hugo's |`)
  console.log('|---|---|---|---|---|---|---|---|')
  const size = (o) => `${(o.bytes / 1048576).toFixed(1)} (${o.files})`
  for (const r of rows) {
    const hugo = r.hugo === null ? 'n/a' : `${r.hugo.toFixed(2)} (${r.version})`
    const ratio = r.hugo === null ? 'n/a' : `${(r.ci / r.hugo).toFixed(2)}×`
    const bytes = r.hugoOutput ? `${(r.output.bytes / r.hugoOutput.bytes).toFixed(2)}×` : 'n/a'
    console.log(`| ${r.n} | ${r.ci.toFixed(2)} | ${r.rssMiB.toFixed(0)} | ${hugo} | ${ratio} | ${size(r.output)} | ${r.hugoOutput ? size(r.hugoOutput) : 'n/a'} | ${bytes} |`)
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const site = process.argv[2]
  const runs = Number(process.argv[3] ?? 3)
  const n = Number(/n(\d+)$/.exec(site)?.[1] ?? 0) || '—'
  printCiTable([{ n, ...ciRow(site, runs) }], runs)
}
