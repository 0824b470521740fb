// Rewrites the settings table of src/proxy/README.md from src/proxy/settings/table.ts (through
// the compiled lib/: run `npm run compile` first). test/proxy/app-options.test.ts fails while
// the two differ.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { withSettingsTable } from '../lib/proxy/settings/readme.js'

const readme = fileURLToPath(new URL('../src/proxy/README.md', import.meta.url))
writeFileSync(readme, withSettingsTable(readFileSync(readme, 'utf8')))
