import { localSiteDay } from '../../shared/dates.js'

/** Dates as the site writes them (`2025-5-13`): the rules live in src/shared/dates.ts. */
export { toSiteDate } from '../../shared/dates.js'

/** Today, on the author's clock, in the site's style. */
export function todaySiteDate(now = new Date()): string {
  return localSiteDay(now)
}

export const DATE_RULE = 'write it as year-month-day, e.g. 2025-05-13 or 2025-5-13'
