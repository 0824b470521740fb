/** Dates as the site writes them: `2025-5-13` (no leading zeros). */

/** Today, on the author's clock, in the site's style. */
export function todaySiteDate(now = new Date()): string {
  return `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`
}

/** `2025-05-13` or `2025-5-13` → `2025-5-13`; undefined when it is not a real day. */
export function toSiteDate(text: string): string | undefined {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.trim())
  if (!m) return undefined
  const [y, mo, d] = [+m[1], +m[2], +m[3]]
  const day = new Date(Date.UTC(y, mo - 1, d))
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return undefined
  return `${y}-${mo}-${d}`
}

export const DATE_RULE = 'write it as year-month-day, e.g. 2025-05-13 or 2025-5-13'
