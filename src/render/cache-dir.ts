import { join } from 'node:path'

/** Where a site's caches live between runs (parsed pages, client bundle, link checks). */
export function cacheDirOf(root: string): string {
  return join(root, 'node_modules', '.cache', 'gptnotes')
}
