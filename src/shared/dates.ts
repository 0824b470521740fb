/**
 * Dates as the site writes them: `2025-5-13` (no leading zeros), a time may follow
 * (`2025-5-13 10:30`, `2025-5-13 10:30:15`): the wall clock of the site's time zone
 * (`timezone` in the config). Authors may write them as VuePress and reco sites do: `2025-05-13`,
 * `2025/5/13`, a `T` before the time, seconds with a fraction, and an offset (`Z`, `+08:00`),
 * which the frontmatter reader turns into the site's wall clock (`inTimeZone`). Once read, dates
 * are plain strings: the order of lists and the dates shown need no time zone.
 */

export interface SiteDate {
  year: number
  month: number
  day: number
  time?: { hour: number; minute: number; second?: number }
  /** Minutes east of UTC the date was written with (`+08:00` → 480); absent: the site's wall clock. */
  offset?: number
}

/** The site's time zone when the config names none: the one the original sites were written in. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai'

/** The dates the site stores (and authors write): `-` between the parts; sorting and display read these. */
const DATE_RE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?/
/** What authors may write: `/` or `-`, a time with seconds and a fraction, an offset. */
const WRITTEN_RE = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})(?:(?:T|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i

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

/** The date `text` is written as, when the whole of it is one (a time and an offset may follow); not checked for a real day. */
export function readSiteDate(text: string): SiteDate | undefined {
  const m = WRITTEN_RE.exec(text.trim())
  if (!m) return undefined
  const date: SiteDate = { year: +m[1], month: +m[3], day: +m[4] }
  if (m[5]) date.time = { hour: +m[5], minute: +m[6], ...(m[7] ? { second: +m[7] } : {}) }
  if (m[8]) date.offset = offsetMinutes(m[8])
  return date
}

/** `Z` → 0, `+08:00`, `+0800` or `+08` → 480, `-05:30` → -330. */
function offsetMinutes(text: string): number {
  if (/^z$/i.test(text)) return 0
  const digits = text.slice(1).replace(':', '')
  const minutes = +digits.slice(0, 2) * 60 + (digits.length > 2 ? +digits.slice(2) : 0)
  return text[0] === '-' ? -minutes : minutes
}

const clocks = new Map<string, Intl.DateTimeFormat>()

/** Whether `timeZone` is an IANA time zone name this JavaScript knows (`Asia/Shanghai`, `UTC`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    clockOf(timeZone)
    return true
  } catch {
    return false
  }
}

function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone)
  if (!clock) {
    const fields = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' } as const
    clock = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', ...fields })
    clocks.set(timeZone, clock)
  }
  return clock
}

/** The wall clock of `timeZone` at the moment `ms` (milliseconds since the epoch). */
export function wallClock(ms: number, timeZone: string): Required<Pick<SiteDate, 'year' | 'month' | 'day'>> & { time: { hour: number; minute: number; second: number } } {
  const parts: Record<string, number> = {}
  for (const p of clockOf(timeZone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = +p.value
  return { year: parts.year, month: parts.month, day: parts.day, time: { hour: parts.hour % 24, minute: parts.minute, second: parts.second } }
}

/**
 * A written date in the site's time zone: a date with an offset becomes the wall clock of
 * `timeZone` at that moment (its seconds kept as written, shown or not); one without an offset
 * already is one, and is returned as it is.
 */
export function inTimeZone(date: SiteDate, timeZone: string): SiteDate {
  if (date.offset === undefined) return date
  const { hour = 0, minute = 0, second } = date.time ?? {}
  const moment = Date.UTC(date.year, date.month - 1, date.day, hour, minute, second ?? 0) - date.offset * 60_000
  const local = wallClock(moment, timeZone)
  return { year: local.year, month: local.month, day: local.day, time: { hour: local.time.hour, minute: local.time.minute, ...(second !== undefined || local.time.second ? { second: local.time.second } : {}) } }
}

/**
 * The moment a site date (`2025-5-13 10:30`, the wall clock of `timeZone`) names, in
 * milliseconds since the epoch: for feeds, which carry absolute times. NaN when not a date.
 */
export function dateInstant(date: string | undefined, timeZone: string): number {
  const wall = dateValue(date)
  if (Number.isNaN(wall)) return wall
  // The zone's offset at the wall clock read as UTC, then at the moment that gives (they differ
  // only across a change of offset, such as summer time).
  const offsetAt = (ms: number) => {
    const c = wallClock(ms, timeZone)
    return Date.UTC(c.year, c.month - 1, c.day, c.time.hour, c.time.minute, c.time.second) - ms
  }
  const first = wall - offsetAt(wall)
  return wall - offsetAt(first)
}

/** The day of a moment in the site's time zone: `2025-5-13` (git's dates of last change). */
export function siteDay(moment: Date, timeZone: string): string {
  const { year, month, day } = wallClock(moment.getTime(), timeZone)
  return formatSiteDate({ year, month, day })
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

/** Whether a written time is one of the clock (23:59:59 at most). */
export function isRealTime(time: SiteDate['time']): boolean {
  return !time || (time.hour < 24 && time.minute < 60 && (time.second ?? 0) < 60)
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
