/**
 * VuePress authors write containers as `::: tip 标题` (a space after the colons, free title);
 * the directive syntax micromark understands is `:::tip[标题]`. This rewrites only the opening
 * lines, outside fenced code, and keeps every line where it was so positions stay true.
 */
export const CONTAINER_TYPES = ['tip', 'warning', 'danger', 'details', 'info', 'note'] as const
export type ContainerType = (typeof CONTAINER_TYPES)[number]

const OPEN_RE = new RegExp(`^(\\s{0,3})(:{3,})[ \\t]*(${CONTAINER_TYPES.join('|')})(?:[ \\t]+(.*?))?[ \\t]*$`)
const FENCE_RE = /^\s{0,3}(`{3,}|~{3,})/

export function normalizeContainers(source: string): string {
  if (!source.includes(':::')) return source
  const lines = source.split('\n')
  let fence: string | null = null
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    const f = FENCE_RE.exec(line)
    if (f) {
      if (fence === null) fence = f[1]
      else if (f[1][0] === fence[0] && f[1].length >= fence.length && line.trim() === f[1]) fence = null
      continue
    }
    if (fence !== null) continue
    const m = OPEN_RE.exec(line.replace(/\r$/, ''))
    if (m) {
      const title = m[4] ? `[${m[4].replace(/([[\]\\])/g, '\\$1')}]` : ''
      lines[i] = `${m[1]}${m[2]}${m[3]}${title}`
    }
  }
  return lines.join('\n')
}
