import { describe, expect, it } from 'vitest'
import { attribution, COPY_MIN_LENGTH, copyProtectionOf } from '../../src/shared/widgets/copy-protection.js'

describe('copy protection options (frontmatter `copyright`)', () => {
  it('is off unless the page turns it on', () => {
    for (const value of [undefined, null, false, 'true', 1, ['noCopy']]) expect(copyProtectionOf(value, '张三')).toBeNull()
  })

  it('`copyright: true` appends the attribution to selections of 10 characters or more, naming the author', () => {
    expect(copyProtectionOf(true, '张三')).toEqual({ noSelect: false, noCopy: false, minLength: COPY_MIN_LENGTH, authorName: '张三' })
    expect(COPY_MIN_LENGTH).toBe(10)
  })

  it('reads the object form, with authorName over the page or site author', () => {
    expect(copyProtectionOf({ noSelect: true, noCopy: true, minLength: 20, authorName: '李四' }, '张三')).toEqual({
      noSelect: true,
      noCopy: true,
      minLength: 20,
      authorName: '李四',
    })
    expect(copyProtectionOf({ noSelect: true }, '张三')).toEqual({ noSelect: true, noCopy: false, minLength: 10, authorName: '张三' })
  })

  it('falls back to the defaults for ill-typed options', () => {
    expect(copyProtectionOf({ noSelect: 'yes', noCopy: 1, minLength: '5', authorName: 3 }, '')).toEqual({
      noSelect: false,
      noCopy: false,
      minLength: 10,
      authorName: '',
    })
  })
})

describe('attribution of a copied selection', () => {
  const url = 'https://example.com/gpt/handbook/a.html'

  it('leaves selections under the minimum alone (counting characters, not UTF-16 units, ignoring outer spaces)', () => {
    expect(attribution('一二三四五六七八九', { minLength: 10, authorName: '张三' }, url)).toBeNull()
    expect(attribution('  一二三四五六七八九  \n', { minLength: 10, authorName: '张三' }, url)).toBeNull()
    expect(attribution('😀😀😀😀😀😀😀😀😀', { minLength: 10, authorName: '张三' }, url)).toBeNull()
  })

  it('names the author and the page link for a selection of exactly the minimum', () => {
    const lines = attribution('一二三四五六七八九十', { minLength: 10, authorName: '张三' }, url)
    expect(lines).toEqual([`著作权归张三所有。商业转载请联系作者获得授权，非商业转载请注明出处。`, '作者：张三', `链接：${url}`])
  })

  it('still gives the link when no author is known', () => {
    const lines = attribution('a long enough selection', { minLength: 10, authorName: '' }, url)!
    expect(lines.join('\n')).toContain(`链接：${url}`)
    expect(lines.join('\n')).not.toContain('作者：')
  })
})
