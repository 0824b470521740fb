/** Wide (CJK) characters take two terminal columns. */
const WIDE_RE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/g

/** Two lines of context around `line` (1-based) and a caret under `column` (1-based). */
export function codeFrame(source: string, line: number, column: number): string {
  const lines = source.split(/\r?\n/)
  const from = Math.max(1, line - 2)
  const to = Math.min(lines.length, line + 1)
  const width = String(to).length
  const out: string[] = []
  for (let n = from; n <= to; n++) {
    const mark = n === line ? '>' : ' '
    out.push(`${mark} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`)
    if (n === line) {
      const pad = (lines[n - 1] ?? '')
        .slice(0, Math.max(0, column - 1))
        .replace(WIDE_RE, '  ')
        .replace(/[^\t ]/g, ' ')
      out.push(`  ${' '.repeat(width)} | ${pad}^`)
    }
  }
  return out.join('\n')
}
