// Hugo's cold build of the same corpus, beside gptnotes' (the figures the issues compare with).
// A minimal site is made in SITE/hugo (inside bench/.corpus, not in the repository): a config
// reading SITE/content as it is, and one small layout per kind (single, list, home, taxonomy
// pages from the same list layout), as "Hugo 0.111 with a minimal theme" was measured.
//   node bench/hugo.mjs SITE [RUNS]   → one JSON line: { version, seconds, runs } or { version: null } without hugo
import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Hugo's version line, or null when `hugo` is not installed. */
export function hugoVersion() {
  const r = spawnSync('hugo', ['version'], { encoding: 'utf8' })
  return r.status === 0 ? r.stdout.trim().split(/\s+/)[1] : null
}

const LAYOUT = (body) => `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{ .Title }} | {{ .Site.Title }}</title><link rel="canonical" href="{{ .Permalink }}">
<style>body{max-width:46rem;margin:0 auto;padding:1rem;font:16px/1.7 system-ui,sans-serif}pre{overflow:auto}</style></head>
<body><header><a href="{{ "/" | relURL }}">{{ .Site.Title }}</a></header><main>${body}</main></body></html>
`

/** Make the Hugo site for SITE (its content folder used in place); returns its folder. */
export function makeHugoSite(site) {
  const dir = join(site, 'hugo')
  mkdirSync(join(dir, 'layouts/_default'), { recursive: true })
  writeFileSync(
    join(dir, 'config.toml'),
    `baseURL = "/gpt/"\ntitle = "bench"\nlanguageCode = "zh-CN"\ncontentDir = ${JSON.stringify(resolve(site, 'content'))}\ndisableKinds = ["RSS"]\n[taxonomies]\ntag = "tags"\ncategory = "categories"\n[markup.goldmark.renderer]\nunsafe = true\n`,
  )
  writeFileSync(join(dir, 'layouts/_default/single.html'), LAYOUT('<article><h1>{{ .Title }}</h1><p>{{ .Date.Format "2006-01-02" }} {{ range .Params.tags }}<a href="{{ (printf "tags/%s/" .) | relURL }}">{{ . }}</a> {{ end }}</p>{{ .TableOfContents }}{{ .Content }}</article>'))
  writeFileSync(join(dir, 'layouts/_default/list.html'), LAYOUT('<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Date.Format "2006-01-02" }}</li>{{ end }}</ul>'))
  writeFileSync(join(dir, 'layouts/index.html'), LAYOUT('<h1>{{ .Site.Title }}</h1><ul>{{ range first 20 (where .Site.RegularPages "Section" "handbook") }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>'))
  writeFileSync(join(dir, 'layouts/404.html'), LAYOUT('<h1>404</h1>'))
  return dir
}

/** Median seconds of `runs` cold Hugo builds (its output and resource cache deleted first); null without hugo. */
export function hugoCold(site, runs = 3) {
  const version = hugoVersion()
  if (!version) return { version: null }
  const dir = makeHugoSite(site)
  const times = []
  for (let i = 0; i < runs; i++) times.push(hugoOnce(dir))
  times.sort((a, b) => a - b)
  return { version, seconds: times[Math.floor(times.length / 2)], runs }
}

/** One cold Hugo build of the site folder `dir`, in seconds (process start to output written). */
export function hugoOnce(dir) {
  rmSync(resolve(dir, 'public'), { recursive: true, force: true })
  rmSync(join(dir, 'resources'), { recursive: true, force: true })
  const t0 = performance.now()
  const r = spawnSync('hugo', ['--quiet', '--source', dir, '--destination', resolve(dir, 'public')], { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`hugo failed: ${r.stderr || r.stdout}`)
  return (performance.now() - t0) / 1000
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(JSON.stringify(hugoCold(process.argv[2], Number(process.argv[3] ?? 3))) + '\n')
}
