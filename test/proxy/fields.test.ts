import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LeanCloudError } from '../../src/proxy/leancloud/errors.js'
import { refusalError } from '../../src/proxy/leancloud/refusals.js'
import { checkCommentRecord } from '../../src/proxy/policy/comment-record.js'
import { checkCommentFields, FIELD_LIMITS, httpLink, isSitePath, type CommentInput, type FieldRules } from '../../src/proxy/policy/fields.js'
import { REPO_ROOT } from '../helpers/sites.js'

const valine = JSON.parse(readFileSync(join(REPO_ROOT, 'test/fixtures/xss/valine-payloads.json'), 'utf8')) as { source: string; field: string; payload: string }[]

const base = { comment: '<p>hi</p>', nick: 'Reader', mail: 'reader@example.com', link: 'https://reader.example', url: '/gpt/a.html', ua: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0' }

/** The refusal of the fields, as the service answers it: a LeanCloud 142 naming the field. */
function refusal(raw: Record<string, unknown>, rules?: FieldRules): LeanCloudError {
  const checked = checkCommentFields(raw, rules)
  if (!('refused' in checked)) throw new Error('expected a refusal')
  const e = refusalError(checked)
  expect(e).toBeInstanceOf(LeanCloudError)
  expect(e.code).toBe(142)
  return e
}

function validateComment(raw: Record<string, unknown>, rules?: FieldRules): CommentInput {
  const checked = checkCommentFields(raw, rules)
  if ('refused' in checked) throw new Error(`refused: ${checked.field} ${checked.problem}`)
  return checked
}

describe('checkCommentFields', () => {
  it('accepts a comment as the widget sends it', () => {
    expect(validateComment(base)).toEqual({ ...base, rid: null, pid: null })
  })

  it('trims, names the anonymous, and takes a reply with rid and pid', () => {
    expect(validateComment({ ...base, nick: '  ', mail: ' ', link: '' })).toMatchObject({ nick: 'Anonymous', mail: '', link: '' })
    expect(validateComment({ ...base, rid: 'a1', pid: 'b2' })).toMatchObject({ rid: 'a1', pid: 'b2' })
    // Valine sends pid = rid when answering the root itself; a missing pid means the same.
    expect(validateComment({ ...base, rid: 'a1' })).toMatchObject({ rid: 'a1', pid: 'a1' })
    expect(validateComment({ ...base, rid: '', pid: '' })).toMatchObject({ rid: null, pid: null })
  })

  it('gives a bare host http://, as the widget shows it', () => {
    expect(validateComment({ ...base, link: 'reader.example/blog' }).link).toBe('http://reader.example/blog')
  })

  it('names the field in every refusal', () => {
    expect(refusal({ ...base, comment: '' }).message).toBe('comment is required')
    expect(refusal({ ...base, comment: undefined }).message).toBe('comment is required')
    expect(refusal({ ...base, comment: { __op: 'Delete' } }).message).toBe('comment must be a string')
    expect(refusal({ ...base, comment: 'x'.repeat(FIELD_LIMITS.comment + 1) }).message).toBe('comment must be at most 5000 characters')
    expect(refusal({ ...base, nick: 'n'.repeat(36) }).message).toBe('nick must be at most 35 characters')
    expect(refusal({ ...base, nick: 5 }).message).toBe('nick must be a string')
    expect(refusal({ ...base, mail: 'not-a-mail' }).message).toBe('mail must be an e-mail address')
    expect(refusal({ ...base, mail: `${'m'.repeat(120)}@example.com` }).message).toBe('mail must be at most 128 characters')
    expect(refusal({ ...base, link: 'javascript:alert(1)' }).message).toBe('link must be an http(s) address')
    expect(refusal({ ...base, link: 'ftp://files.example' }).message).toBe('link must be an http(s) address')
    expect(refusal({ ...base, link: `https://e.com/${'a'.repeat(250)}` }).message).toBe('link must be at most 256 characters')
    expect(refusal({ ...base, url: 'https://evil.example/a' }).message).toMatch(/^url must be a path on the site/)
    expect(refusal({ ...base, url: '//evil.example/a' }).message).toMatch(/^url must be a path on the site/)
    expect(refusal({ ...base, url: '' }).message).toBe('url is required')
    expect(refusal({ ...base, url: `/${'a'.repeat(512)}` }).message).toBe('url must be at most 512 characters')
    expect(refusal({ ...base, ua: 'u'.repeat(513) }).message).toBe('ua must be at most 512 characters')
    expect(refusal({ ...base, rid: 'not an id!' }).message).toBe('rid must be the objectId of a comment')
    expect(refusal({ ...base, pid: 'a1' }).message).toBe('rid is required with pid')
    expect(refusal({ ...base, ip: '1.2.3.4' }).message).toMatch(/^ip is not a field of a comment/)
    expect(refusal({ ...base, status: 'approved' }).message).toMatch(/^status is not a field of a comment/)
  })

  it("applies the site's required fields", () => {
    expect(refusal({ ...base, nick: '' }, { required: ['nick'] }).message).toBe('nick is required')
    expect(refusal({ ...base, mail: '' }, { required: ['mail'] }).message).toBe('mail is required')
    expect(validateComment({ ...base, comment: 'x'.repeat(100) }, { maxComment: 100 }).comment).toHaveLength(100)
    expect(refusal({ ...base, comment: 'x'.repeat(101) }, { maxComment: 100 }).message).toBe('comment must be at most 100 characters')
  })

  it('refuses the published Valine payloads in nick, link and ua', () => {
    for (const { source, field, payload } of valine.filter((v) => v.field !== 'comment')) {
      const e = refusal({ ...base, [field]: payload })
      expect(e.message.startsWith(field), source).toBe(true)
    }
  })

  it('refuses control characters in one-line fields', () => {
    expect(refusal({ ...base, nick: 'a\u0000b' }).message).toBe('nick may not contain control characters')
    expect(refusal({ ...base, ua: 'a\nb' }).message).toBe('ua may not contain control characters')
  })
})

describe('field shapes', () => {
  it('site paths', () => {
    expect(isSitePath('/gpt/handbook/a.html')).toBe(true)
    expect(isSitePath('/gpt/中文 页面.html')).toBe(true)
    for (const bad of ['gpt/a', '//evil.example', '/\\evil', 'javascript:alert(1)', '/a"><script>', '/a\u0000']) expect(isSitePath(bad), bad).toBe(false)
  })

  it('http links', () => {
    expect(httpLink('https://e.com')).toBe('https://e.com')
    expect(httpLink('HTTP://E.COM/x')).toBe('HTTP://E.COM/x')
    for (const bad of ['https://user:pw@e.com', 'https://site.example@evil.example', 'data:text/html,x', 'https://', 'http://a b.com', 'mailto:a@b.c']) expect(httpLink(bad), bad).toBeUndefined()
  })
})

describe('checkCommentRecord: the one check of the API write and the LeanCloud import', () => {
  it('takes what checkCommentFields takes, with the HTML sanitised and trimmed', () => {
    const checked = checkCommentRecord({ ...base, comment: '<script>x</script> <p onclick="y">hi</p>' })
    expect(checked).toEqual({ ok: true, value: { ...base, comment: '<p>hi</p>', rid: null, pid: null } })
  })

  it('refuses a NUL in any field, first in the record, in the words the API answers', () => {
    for (const field of ['comment', 'nick', 'mail', 'link', 'url', 'ua'] as const) {
      const checked = checkCommentRecord({ ...base, [field]: `${base[field]}\u0000` })
      expect(checked.ok, field).toBe(false)
      if (checked.ok) continue
      expect(checked.reason).toBe(`${field} may not contain a NUL character`)
      expect(refusalError(checked.refusal).message).toBe(checked.reason)
    }
  })

  it('refuses what checkCommentFields refuses, and a comment with nothing left once sanitised', () => {
    expect(checkCommentRecord({ ...base, link: 'https://x.example/"><script>' })).toMatchObject({ ok: false, reason: 'link may not contain <, >, " or `' })
    expect(checkCommentRecord({ ...base, comment: 'x'.repeat(5001) })).toMatchObject({ ok: false, reason: 'comment must be at most 5000 characters' })
    const blank = checkCommentRecord({ ...base, comment: '<script>alert(1)</script>' })
    expect(blank).toMatchObject({ ok: false, refusal: { refused: 'blank' }, reason: 'comment has nothing to show once unsafe markup is removed' })
  })
})
