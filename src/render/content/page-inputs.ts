import { stampsCurrent } from '../markdown/image-sizes.js'
import type { ParsedPage } from './parse-page.js'

/**
 * Whether the files a parsed page read besides its source (its images' sizes, the code it
 * imports) are as they were: if not, the caches parse it again. Apart from parse-page.ts, so the
 * caches ask without loading the parser's modules.
 */
export function inputsCurrent(page: Pick<ParsedPage, 'imageStamps' | 'importStamps'>): boolean {
  return stampsCurrent(page.imageStamps) && (!page.importStamps || stampsCurrent(page.importStamps))
}
