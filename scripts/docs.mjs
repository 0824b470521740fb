// Rewrites the generated references, docs/reference/config.md (from the config schema,
// src/shared/site-config.ts) and docs/reference/cli.md (from the commands, src/cli/commands.ts),
// and the stage lists of src/render/README.md and docs/reference/architecture.md (from the
// declared pipeline, src/render/pipeline/stages.ts), through the compiled lib/ (`npm run docs`
// compiles first). test/unit/reference-docs.test.ts and test/unit/pipeline-stages.test.ts fail
// while a committed file differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { cliReference } from '../lib/cli/cli-reference.js'
import { configReference } from '../lib/tools/reference/config-reference.js'
import { STAGE_BLOCKS, withStageBlocks } from '../lib/render/pipeline/stage-docs.js'

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url))
for (const [path, text] of [
  ['docs/reference/config.md', configReference()],
  ['docs/reference/cli.md', cliReference()],
  ...[...new Set(STAGE_BLOCKS.map((b) => b.file))].map((file) => [file, withStageBlocks(file, readFileSync(at(file), 'utf8'))]),
]) {
  writeFileSync(at(path), text)
  console.log(`wrote ${path}`)
}
