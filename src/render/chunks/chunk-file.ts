import { createHash } from 'node:crypto'

/** An 8-character content hash for file names (URL-safe, no `-` or `_`). */
export const contentHash = (text: string): string => createHash('sha256').update(text).digest('base64url').slice(0, 8).replace(/[-_]/g, 'x')

export interface ChunkFile {
  /** Path inside the output (`assets/js/handbook_a.3f2a1b4c.js`). */
  path: string
  code: string
}

/** An ES module whose default export is `value` (JSON.parse of a string: faster to load than a literal). */
export const dataModule = (value: unknown): string => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))})\n`

/** A hashed ES module whose default export is `value`. */
export function dataChunk(name: string, value: unknown): ChunkFile {
  const code = dataModule(value)
  return { path: `assets/js/${name}.${contentHash(code)}.js`, code }
}
