import { describe, expect, it } from 'vitest'
import { pageCount, paginationItems, parsePageJump } from '../../src/shared/pagination.js'
import { TAG_PALETTE, tagColor } from '../../src/shared/tag-color.js'

const numbers = (items: ReturnType<typeof paginationItems>) => items.filter((i) => typeof i === 'number')

describe('shared/pagination', () => {
  it('counts pages of 10', () => {
    expect(pageCount(0, 10)).toBe(1)
    expect(pageCount(10, 10)).toBe(1)
    expect(pageCount(11, 10)).toBe(2)
    expect(pageCount(2000, 10)).toBe(200)
  })

  it('shows every page up to 7', () => {
    expect(paginationItems(1, 1)).toEqual([1])
    expect(paginationItems(7, 4)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it('shows at most 7 numbers with first, last and ellipses', () => {
    expect(paginationItems(20, 1)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end', 20])
    expect(paginationItems(20, 10)).toEqual([1, 'ellipsis-start', 8, 9, 10, 11, 12, 'ellipsis-end', 20])
    expect(paginationItems(20, 20)).toEqual([1, 'ellipsis-start', 15, 16, 17, 18, 19, 20])
    expect(paginationItems(20, 1)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end', 20])
    for (let current = 1; current <= 30; current++) {
      const items = paginationItems(30, current)
      expect(numbers(items).length).toBeLessThanOrEqual(7)
      expect(items).toContain(current)
      expect(items[0]).toBe(1)
      expect(items.at(-1)).toBe(30)
    }
  })

  it('accepts only a whole page number above 0 and at most the page count', () => {
    expect(parsePageJump('3', 5)).toBe(3)
    expect(parsePageJump(' 5 ', 5)).toBe(5)
    for (const bad of ['0', '6', '-1', '2.5', 'abc', '', '1e1']) expect(parsePageJump(bad, 5)).toBeUndefined()
  })
})

describe('shared/tag-color', () => {
  it('gives each tag a stable colour from the 12-colour palette', () => {
    expect(TAG_PALETTE).toHaveLength(12)
    expect(tagColor('ChatGPT')).toBe(tagColor('ChatGPT'))
    expect(TAG_PALETTE).toContain(tagColor('注册教程'))
    const used = new Set(['ChatGPT', 'Claude', 'Cursor', 'Gemini', 'Perplexity', '虚拟卡', '海外手机号', '邮箱', '镜像站', '订阅支付'].map(tagColor))
    expect(used.size).toBeGreaterThan(4)
  })
})
