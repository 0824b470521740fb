import type { BuildOptions } from 'esbuild'

/**
 * The packages browser code may import (the site's client, the search's query side, the owner's
 * page): the only ones the client bundle carries. The one list: the bundler keys its cache on
 * their versions and the import-boundaries test lets browser code import these and no other.
 * A new browser dependency is added here on purpose, as a runtime dependency in package.json.
 */
export const BROWSER_PACKAGES: readonly string[] = ['react', 'react-dom', 'leancloud-storage', 'marked', 'marked-smartypants', 'dompurify', 'fflate']

/**
 * esbuild's options for code that runs in the reader's browser, shared by the client bundle and
 * whatever bundles parts of it the same way (tests, the bench). The platform is said, not left
 * to esbuild's default: it decides which export conditions and `browser` fields a package
 * resolves to, and Node's built-ins must fail the bundle rather than be assumed present.
 */
export const BROWSER_BUILD = Object.freeze({
  platform: 'browser',
  format: 'esm',
  target: ['es2022', 'chrome93', 'safari15'],
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
} satisfies BuildOptions)
