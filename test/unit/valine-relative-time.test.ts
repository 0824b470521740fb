import { describe, expect, it } from 'vitest'
import { messagesFor } from '../../src/client/widgets/valine/i18n.js'
import { isoDay, relativeTime } from '../../src/client/widgets/valine/relative-time.js'

const zh = messagesFor('zh-CN')
const now = new Date(2025, 4, 20, 12, 0, 0)
const ago = (ms: number) => new Date(now.getTime() - ms)
const S = 1000
const M = 60 * S
const H = 60 * M
const D = 24 * H

describe('relative time on a comment card (spec §9)', () => {
  it('says just now for under a second and for a date in the future', () => {
    expect(relativeTime(ago(0), now, zh)).toBe('刚刚')
    expect(relativeTime(ago(-5 * M), now, zh)).toBe('刚刚')
  })

  it('counts seconds, minutes and hours within a day', () => {
    expect(relativeTime(ago(5 * S), now, zh)).toBe('5 秒前')
    expect(relativeTime(ago(59 * S), now, zh)).toBe('59 秒前')
    expect(relativeTime(ago(60 * S), now, zh)).toBe('1 分钟前')
    expect(relativeTime(ago(59 * M + 59 * S), now, zh)).toBe('59 分钟前')
    expect(relativeTime(ago(3 * H), now, zh)).toBe('3 小时前')
    expect(relativeTime(ago(D - 1), now, zh)).toBe('23 小时前')
  })

  it('counts days up to 7, then shows the date as yyyy-mm-dd', () => {
    expect(relativeTime(ago(D), now, zh)).toBe('1 天前')
    expect(relativeTime(ago(7 * D), now, zh)).toBe('7 天前')
    expect(relativeTime(ago(8 * D), now, zh)).toBe('2025-05-12')
    expect(relativeTime(new Date(2023, 0, 3, 9), now, zh)).toBe('2023-01-03')
  })

  it('speaks the box’s language', () => {
    expect(relativeTime(ago(2 * H), now, messagesFor('en'))).toBe('2 hours ago')
    expect(relativeTime(ago(2 * H), now, messagesFor('ja'))).toBe('2 時間前')
    expect(relativeTime(ago(2 * D), now, messagesFor('zh-TW'))).toBe('2 天前')
  })

  it('writes days with two-digit months and days', () => {
    expect(isoDay(new Date(2025, 0, 5))).toBe('2025-01-05')
  })
})
