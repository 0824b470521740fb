/**
 * Dates as the site writes them: `2025-5-13` (no leading zeros), a time may follow
 * (`2025-5-13 10:30`, `2025-5-13 10:30:15`). Authors may write `2025-05-13` or a `T` before
 * the time. Plain strings throughout: no time zone is ever applied to a written date.
 */

export interface SiteDate {
  year: number
  month: number
  day: number
  time?: { hour: number; minute: number; second?: number }
}

const DATE_RE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?/

const pad = (n: number) => String(n).padStart(2, '0')

function partsOf(m: RegExpExecArray): SiteDate {
  const date: SiteDate = { year: +m[1], month: +m[2], day: +m[3] }
  if (m[4]) date.time = { hour: +m[4], minute: +m[5], ...(m[6] ? { second: +m[6] } : {}) }
  return date
}

/** Whether the year, month (1–12) and day name a day of the calendar. */
export function isRealDay(year: number, month: number, day: number): boolean {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  return days !== undefined && day >= 1 && day <= days
}

/** The date `text` is written as, when the whole of it is one (a time may follow); not checked for a real day. */
export function readSiteDate(text: string): SiteDate | undefined {
  const trimmed = text.trim()
  const m = DATE_RE.exec(trimmed)
  return m && m[0].length === trimmed.length ? partsOf(m) : undefined
}

/** Like `readSiteDate`, and only for a real day. */
export function parseSiteDate(text: string): SiteDate | undefined {
  const date = readSiteDate(text)
  return date && isRealDay(date.year, date.month, date.day) ? date : undefined
}

/** `2025-5-13`, with ` 10:30` or ` 10:30:15` when the date has a time. */
export function formatSiteDate({ year, month, day, time }: SiteDate): string {
  const clock = time ? ` ${pad(time.hour)}:${pad(time.minute)}${time.second !== undefined ? `:${pad(time.second)}` : ''}` : ''
  return `${year}-${month}-${day}${clock}`
}

/** The day of a moment on the local clock (the author's, or the build machine's): `2025-5-13`. */
export function localSiteDay(moment: Date): string {
  return formatSiteDate({ year: moment.getFullYear(), month: moment.getMonth() + 1, day: moment.getDate() })
}

/** `2025-05-13` or `2025-5-13` → `2025-5-13`; undefined when it is not a real day (or has a time). */
export function toSiteDate(text: string): string | undefined {
  const date = parseSiteDate(text)
  return date && !date.time ? formatSiteDate(date) : undefined
}

/**
 * A written date (a time may follow) as a number that sorts by time: milliseconds as if the
 * date were UTC. NaN when absent or not a date.
 */
export function dateValue(date: string | undefined): number {
  const m = date ? DATE_RE.exec(date) : null
  if (!m) return Number.NaN
  const { year, month, day, time } = partsOf(m)
  return Date.UTC(year, month - 1, day, time?.hour ?? 0, time?.minute ?? 0, time?.second ?? 0)
}

/** `2025-5-13` → `5-13` (the timeline); '' when absent or not a date. */
export function monthDay(date: string | undefined): string {
  const m = date ? DATE_RE.exec(date) : null
  return m ? `${+m[2]}-${+m[3]}` : ''
}

/** `2025-5-3` (a time may follow) → `2025-05-03`: the ISO day for `datetime` attributes and sitemaps. */
export function isoDay(date: string): string {
  const m = DATE_RE.exec(date)
  return m ? `${m[1]}-${pad(+m[2])}-${pad(+m[3])}` : date
}
