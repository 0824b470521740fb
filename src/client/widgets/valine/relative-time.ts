import type { Messages } from './i18n.js'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Days ago are shown up to this many days; older dates as yyyy-mm-dd (Valine's rule). */
export const MAX_DAYS_AGO = 7

type TimeWords = Pick<Messages, 'now' | 'seconds' | 'minutes' | 'hours' | 'days'>

/** `2025-05-03`, in the reader's own time zone. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/**
 * When a comment was written, as the card shows it: seconds, minutes or hours ago within a day,
 * days ago up to 7 days, then the date. A date in the future (a clock running fast) is "now".
 */
export function relativeTime(date: Date, now: Date, words: TimeWords): string {
  const diff = now.getTime() - date.getTime()
  if (!Number.isFinite(diff)) return ''
  if (diff < SECOND) return words.now
  if (diff < MINUTE) return `${Math.floor(diff / SECOND)}${words.seconds}`
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}${words.minutes}`
  if (diff < DAY) return `${Math.floor(diff / HOUR)}${words.hours}`
  const days = Math.floor(diff / DAY)
  return days <= MAX_DAYS_AGO ? `${days}${words.days}` : isoDay(date)
}
