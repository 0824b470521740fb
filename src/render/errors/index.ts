// Errors and warnings as data: the catalogue, the error class and its constructors. Printing
// them is the CLI's job (src/cli/format-problem.ts) and the dev server's (its error page).
export * from './catalogue.js'
export * from './code-frame.js'
export * from './key-path.js'
export * from './problem.js'
export * from './wire.js'
