#!/usr/bin/env node
// Thin launcher: the CLI is compiled from src/cli to lib/cli by `npm install` (prepare).
import module from 'node:module'

// React's production build for SSR and the terminal UI: the development one is several times slower.
process.env.NODE_ENV ??= 'production'

// Node 22.1+ caches compiled code between runs; older Nodes simply skip it.
module.enableCompileCache?.()
await import('../lib/cli/index.js')
