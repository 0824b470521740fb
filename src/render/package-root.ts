import { fileURLToPath } from 'node:url'

/** The gptnotes package folder (this file is at src/render or lib/render inside it). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url))
