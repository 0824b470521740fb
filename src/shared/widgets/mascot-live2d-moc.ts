/**
 * The checks a Cubism 2 `.moc` file must pass before any core sees it (spec §5: a wrong header,
 * a version newer than supported or a wrong end marker is rejected). Learnt from the model
 * files themselves: every one starts with the bytes `moc` and a format version byte (9, 10 or
 * 11 in the spec's models) and, from version 8 on, ends with the four bytes `88 88 88 88`. The
 * core accepts a broken file silently (it returns a model and reports no error), so the build
 * and the renderer both check. Pure: runs in Node and in the browser.
 */

/** `m`, `o`, `c`. */
export const MOC_MAGIC = [0x6d, 0x6f, 0x63] as const
/** The newest format the Cubism 2.1 core (2.1.00_1) reads. */
export const MOC_VERSION_MAX = 11
/** Files of this version and later close with the end marker. */
export const MOC_END_MARKER_SINCE = 8
export const MOC_END_MARKER = 0x88

export type MocProblem = { kind: 'header' } | { kind: 'version'; version: number } | { kind: 'end' }

/** What is wrong with `bytes` as a moc file, or undefined when it passes. */
export function checkMoc(bytes: Uint8Array): MocProblem | undefined {
  if (bytes.length < 4 || MOC_MAGIC.some((b, i) => bytes[i] !== b)) return { kind: 'header' }
  const version = bytes[3]
  if (version > MOC_VERSION_MAX) return { kind: 'version', version }
  if (version >= MOC_END_MARKER_SINCE) {
    if (bytes.length < 8) return { kind: 'end' }
    for (let i = bytes.length - 4; i < bytes.length; i++) if (bytes[i] !== MOC_END_MARKER) return { kind: 'end' }
  }
  return undefined
}

/** The console's (and the build's) words for a problem of the moc file at `path`. */
export function mocProblemText(problem: MocProblem, path: string): string {
  if (problem.kind === 'header') return `Invalid moc file (its header is not "moc" and a version): ${path}`
  if (problem.kind === 'version') return `Unsupported moc version ${problem.version} (the newest supported is ${MOC_VERSION_MAX}): ${path}`
  return `Invalid moc file (no end marker 0x88888888, cut short?): ${path}`
}
