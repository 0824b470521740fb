import { describe, expect, it } from 'vitest'
import { valineSchema } from '../../src/shared/widgets/valine.js'
import { ANONYMOUS, checkDraft, safeHref, shownNick, SUBMIT_INTERVAL_MS, trimMeta, type Draft } from '../../src/client/widgets/valine/validate.js'

const config = { meta: valineSchema.default.meta, requiredFields: [] as ('nick' | 'mail')[] }
const draft = (d: Partial<Draft>): Draft => ({ nick: '', mail: '', link: '', text: '你好', ...d })
const NOW = 1_000_000

describe('widget A’s validation and submit rules (spec §5)', () => {
  it('refuses an empty comment first, whatever else is wrong', () => {
    expect(checkDraft(draft({ text: '  \n ', nick: 'a' }), config, NOW, NOW - 1)).toEqual({ ok: false, refusal: { kind: 'empty' } })
  })

  it('refuses a second submit within 20 s as busy', () => {
    expect(checkDraft(draft({}), config, NOW, NOW - SUBMIT_INTERVAL_MS + 1)).toEqual({ ok: false, refusal: { kind: 'busy' } })
    expect(checkDraft(draft({}), config, NOW, NOW - SUBMIT_INTERVAL_MS).ok).toBe(true)
    expect(checkDraft(draft({}), config, NOW, undefined).ok).toBe(true)
  })

  it('needs a nick of at least 3 bytes when one is given or required', () => {
    expect(checkDraft(draft({ nick: 'ab' }), config, NOW, undefined)).toEqual({ ok: false, refusal: { kind: 'nick' } })
    expect(checkDraft(draft({ nick: 'abc' }), config, NOW, undefined).ok).toBe(true)
    // One Chinese character is 3 bytes in UTF-8.
    expect(checkDraft(draft({ nick: '明' }), config, NOW, undefined).ok).toBe(true)
    expect(checkDraft(draft({ nick: '' }), { ...config, requiredFields: ['nick'] }, NOW, undefined)).toEqual({ ok: false, refusal: { kind: 'nick' } })
  })

  it('names an anonymous comment Anonymous', () => {
    const checked = checkDraft(draft({ nick: '   ' }), config, NOW, undefined)
    expect(checked).toEqual({ ok: true, meta: { nick: ANONYMOUS, mail: '', link: '' } })
  })

  it('checks the e-mail pattern when given or required', () => {
    expect(checkDraft(draft({ mail: 'reader@' }), config, NOW, undefined)).toEqual({ ok: false, refusal: { kind: 'mail' } })
    expect(checkDraft(draft({ mail: 'a b@c.d' }), config, NOW, undefined)).toEqual({ ok: false, refusal: { kind: 'mail' } })
    expect(checkDraft(draft({ mail: ' reader@example.com ' }), config, NOW, undefined)).toMatchObject({ ok: true, meta: { mail: 'reader@example.com' } })
    expect(checkDraft(draft({}), { ...config, requiredFields: ['mail'] }, NOW, undefined)).toEqual({ ok: false, refusal: { kind: 'mail' } })
  })

  it('checks the nick before the e-mail', () => {
    expect(checkDraft(draft({ nick: 'x', mail: 'bad' }), config, NOW, undefined)).toEqual({ ok: false, refusal: { kind: 'nick' } })
  })

  it('trims meta values and cuts them to 35 characters, never inside an emoji', () => {
    expect(trimMeta(`  ${'长'.repeat(40)}  `)).toBe('长'.repeat(35))
    expect(Array.from(trimMeta('😀'.repeat(36)))).toHaveLength(35)
    const checked = checkDraft(draft({ nick: ` ${'n'.repeat(50)} `, link: 'example.com' }), config, NOW, undefined)
    expect(checked).toMatchObject({ ok: true, meta: { nick: 'n'.repeat(35), link: 'http://example.com' } })
  })

  it('sends nothing for meta fields the box does not show', () => {
    expect(checkDraft(draft({ nick: 'Reader', mail: 'bad', link: 'x.y' }), { meta: ['nick'], requiredFields: [] }, NOW, undefined)).toEqual({ ok: true, meta: { nick: 'Reader', mail: '', link: '' } })
  })

  it('links a nick only to an http(s) site and shows 30 characters of it', () => {
    expect(safeHref('javascript:alert(1)')).toBeUndefined()
    expect(safeHref('data:text/html,x')).toBeUndefined()
    expect(safeHref('example.com/me')).toBe('http://example.com/me')
    expect(safeHref('https://example.com')).toBe('https://example.com/')
    expect(shownNick('字'.repeat(31))).toBe(`${'字'.repeat(30)}…`)
    expect(shownNick('字'.repeat(30))).toBe('字'.repeat(30))
  })
})
