/**
 * What the migration found, field by field: the report's rows. Data, so the text and the JSON
 * report are two printings of one list.
 */

/**
 * - `mapped`: written to the gptnotes config (`to`), perhaps with a change of meaning (`reason`);
 * - `builtin`: gptnotes does it without a setting (a plugin it has natively);
 * - `dropped`: not carried over (`reason` says why, `todo` what to do instead).
 */
export type FindingKind = 'mapped' | 'builtin' | 'dropped'

export interface Finding {
  kind: FindingKind
  /** Where in the VuePress site: a config key path (`themeConfig.nav[1].items[0]`), a plugin (`plugins: back-to-top`) or a file. */
  from: string
  /** The gptnotes config key path it became. */
  to?: string
  reason: string
  /** What the author does about it, when anything. */
  todo?: string
  /** For findings in a file: the file (relative to the source folder) and line. */
  file?: string
  line?: number
}

/** Collects findings in the order they were made. */
export class Findings {
  readonly list: Finding[] = []
  mapped(from: string, to: string, reason: string, todo?: string): void {
    this.list.push({ kind: 'mapped', from, to, reason, ...(todo ? { todo } : {}) })
  }
  builtin(from: string, reason: string, todo?: string): void {
    this.list.push({ kind: 'builtin', from, reason, ...(todo ? { todo } : {}) })
  }
  dropped(from: string, reason: string, todo?: string, at?: { file: string; line?: number }): void {
    this.list.push({ kind: 'dropped', from, reason, ...(todo ? { todo } : {}), ...(at ? { file: at.file, ...(at.line ? { line: at.line } : {}) } : {}) })
  }
}

/** A key path segment: `.name` for identifiers, `["/en/"]` otherwise. */
export const keyPath = (parent: string, key: string | number): string =>
  typeof key === 'number' ? `${parent}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? (parent ? `${parent}.${key}` : key) : `${parent}[${JSON.stringify(key)}]`
