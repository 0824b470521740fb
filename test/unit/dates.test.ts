import { describe, expect, it } from 'vitest'
import { dateInstant, dateValue, formatSiteDate, inTimeZone, isoDay, isRealDay, isTimeZone, localSiteDay, monthDay, parseSiteDate, readSiteDate, siteDay, toSiteDate } from '../../src/shared/dates.js'

describe('site dates', () => {
  it('reads dates as authors write them, with or without leading zeros and a time', () => {
    expect(readSiteDate('2025-5-13')).toEqual({ year: 2025, month: 5, day: 13 })
    expect(readSiteDate(' 2025-05-03 ')).toEqual({ year: 2025, month: 5, day: 3 })
    expect(readSiteDate('2025-5-13 9:05')).toEqual({ year: 2025, month: 5, day: 13, time: { hour: 9, minute: 5 } })
    expect(readSiteDate('2025-5-13T10:30:15')).toEqual({ year: 2025, month: 5, day: 13, time: { hour: 10, minute: 30, second: 15 } })
    for (const bad of ['13/5/2025', '2025-5', '2025-5-13 nope', '25-5-13', '']) expect(readSiteDate(bad), bad).toBeUndefined()
  })

  it('knows the real days of the calendar, leap years included', () => {
    expect(isRealDay(2024, 2, 29)).toBe(true)
    expect(isRealDay(2025, 2, 29)).toBe(false)
    expect(isRealDay(1900, 2, 29)).toBe(false)
    expect(isRealDay(2000, 2, 29)).toBe(true)
    expect(isRealDay(2025, 4, 31)).toBe(false)
    expect(isRealDay(2025, 13, 1)).toBe(false)
    expect(isRealDay(2025, 0, 1)).toBe(false)
    expect(isRealDay(2025, 1, 0)).toBe(false)
    expect(parseSiteDate('2025-02-30')).toBeUndefined()
    expect(parseSiteDate('2025-12-31 23:59')).toEqual({ year: 2025, month: 12, day: 31, time: { hour: 23, minute: 59 } })
  })

  it('writes dates in the site style: no leading zeros in the day, two digits in the time', () => {
    expect(formatSiteDate({ year: 2025, month: 5, day: 3 })).toBe('2025-5-3')
    expect(formatSiteDate({ year: 2025, month: 5, day: 3, time: { hour: 9, minute: 5 } })).toBe('2025-5-3 09:05')
    expect(formatSiteDate({ year: 2025, month: 5, day: 3, time: { hour: 9, minute: 5, second: 0 } })).toBe('2025-5-3 09:05:00')
    expect(localSiteDay(new Date(2025, 0, 9, 23, 30))).toBe('2025-1-9')
  })

  it('normalises a day given on the command line, refusing what is not a day', () => {
    expect(toSiteDate('2025-05-13')).toBe('2025-5-13')
    expect(toSiteDate('2025-5-3')).toBe('2025-5-3')
    expect(toSiteDate('2025-02-30')).toBeUndefined()
    expect(toSiteDate('2025-5-3 10:00')).toBeUndefined()
  })

  it('orders dates by time, a missing or unreadable date being NaN', () => {
    expect(dateValue('2025-5-13')).toBe(Date.UTC(2025, 4, 13))
    expect(dateValue('2025-5-13 10:30')).toBe(Date.UTC(2025, 4, 13, 10, 30))
    expect(dateValue('2025-5-13') < dateValue('2025-5-13 00:01')).toBe(true)
    expect(dateValue(undefined)).toBeNaN()
    expect(dateValue('soon')).toBeNaN()
  })

  it('shows the month and day for the timeline and the ISO day for datetime attributes', () => {
    expect(monthDay('2025-05-03')).toBe('5-3')
    expect(monthDay('2025-12-31 10:00')).toBe('12-31')
    expect(monthDay(undefined)).toBe('')
    expect(isoDay('2025-5-3')).toBe('2025-05-03')
    expect(isoDay('2025-5-3 10:30')).toBe('2025-05-03')
    expect(isoDay('2025-5-3T10:30')).toBe('2025-05-03')
  })

  it('reads the forms VuePress and reco authors write: slashes, fractions of a second, offsets', () => {
    expect(readSiteDate('2021/01/24')).toEqual({ year: 2021, month: 1, day: 24 })
    expect(readSiteDate('2022-03-12T03:00:00.123+08:00')).toEqual({ year: 2022, month: 3, day: 12, time: { hour: 3, minute: 0, second: 0 }, offset: 480 })
    expect(readSiteDate('2022-03-12 03:00 -0530')?.offset).toBe(-330)
    expect(readSiteDate('2022-03-12T03:00Z')?.offset).toBe(0)
    for (const bad of ['2021/01-24', '2021-01-24+08:00', '2021/1/24 10', '24/01/2021']) expect(readSiteDate(bad), bad).toBeUndefined()
  })

  it('moves a date with an offset to the wall clock of the site\'s time zone', () => {
    const at = (text: string, zone: string) => formatSiteDate(inTimeZone(readSiteDate(text)!, zone))
    expect(at('2022-03-11T19:00:00Z', 'Asia/Shanghai')).toBe('2022-3-12 03:00:00')
    expect(at('2022-03-12T03:00+08:00', 'UTC')).toBe('2022-3-11 19:00')
    expect(at('2022-03-12 03:00:00', 'UTC')).toBe('2022-3-12 03:00:00')
    expect(at('2022-12-31T23:30:00-01:00', 'Asia/Tokyo')).toBe('2023-1-1 09:30:00')
  })

  it('gives the moment a site date names in its zone (feeds), and a moment\'s day in a zone (last updated)', () => {
    expect(dateInstant('2022-3-12 03:00', 'Asia/Shanghai')).toBe(Date.UTC(2022, 2, 11, 19, 0))
    expect(dateInstant('2022-3-12', 'UTC')).toBe(Date.UTC(2022, 2, 12))
    // Summer time: Berlin is UTC+2 in July, UTC+1 in January.
    expect(dateInstant('2022-7-1 12:00', 'Europe/Berlin')).toBe(Date.UTC(2022, 6, 1, 10, 0))
    expect(dateInstant('2022-1-1 12:00', 'Europe/Berlin')).toBe(Date.UTC(2022, 0, 1, 11, 0))
    expect(dateInstant(undefined, 'UTC')).toBeNaN()
    expect(siteDay(new Date(Date.UTC(2022, 2, 11, 17, 0)), 'Asia/Shanghai')).toBe('2022-3-12')
    expect(siteDay(new Date(Date.UTC(2022, 2, 11, 15, 0)), 'Asia/Shanghai')).toBe('2022-3-11')
    expect(isTimeZone('Asia/Shanghai')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
  })
})
