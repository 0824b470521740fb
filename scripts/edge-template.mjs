// Rewrites templates/edge/ (the Cloudflare Workers + D1 starter) from `gptnotes proxy init --edge`,
// through the compiled lib/: run `npm run compile` first. test/proxy/edge-starter.test.ts fails
// while the two differ (a new migration or setting regenerates the starter).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { edgeStarterFiles } from '../lib/cli/proxy-init.js'

const dir = fileURLToPath(new URL('../templates/edge', import.meta.url))
rmSync(dir, { recursive: true, force: true })
for (const file of edgeStarterFiles()) {
  const path = join(dir, ...file.path.split('/'))
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, file.text)
}
