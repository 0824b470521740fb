#!/usr/bin/env node
// Thin launcher: the CLI is compiled from src/cli to lib/cli by `npm install` (prepare).
import module from 'node:module'

// Node 22.1+ caches compiled code between runs; older Nodes simply skip it.
module.enableCompileCache?.()
await import('../lib/cli/index.js')
