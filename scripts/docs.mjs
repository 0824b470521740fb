// Rewrites the generated references, docs/reference/config.md (from the config schema,
// src/shared/site-config.ts) and docs/reference/cli.md (from the commands, src/cli/commands.ts),
// through the compiled lib/ (`npm run docs` compiles first). test/unit/reference-docs.test.ts
// fails while a committed file differs from what this writes.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { cliReference } from '../lib/cli/cli-reference.js'
import { configReference } from '../lib/tools/reference/config-reference.js'

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url))
for (const [path, text] of [
  ['docs/reference/config.md', configReference()],
  ['docs/reference/cli.md', cliReference()],
]) {
  writeFileSync(at(path), text)
  console.log(`wrote ${path}`)
}
