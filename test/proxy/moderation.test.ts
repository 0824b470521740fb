import { describe, expect, it } from 'vitest'
import { duplicateKey, moderate } from '../../src/proxy/policy/moderation.js'
import { sanitizeHtml } from '../../src/proxy/policy/sanitize.js'

const input = (comment: string, over: Partial<{ nick: string; mail: string; link: string }> = {}) => ({ comment: sanitizeHtml(comment), nick: 'Reader', mail: '', link: '', ...over })
const auto = { mode: 'auto' as const, forbiddenWords: [] }

describe('moderate', () => {
  it('auto: a plain comment is approved', () => {
    expect(moderate(input('<p>Thanks, this helped.</p>'), auto)).toEqual({ status: 'approved', reasons: [] })
  })

  it("auto: a link in the body waits; the reply marker, site paths and the commenter's own site do not", () => {
    expect(moderate(input('<p>see <a href="https://e.com">this</a></p>'), auto)).toEqual({ status: 'waiting', reasons: ['link'] })
    expect(moderate(input('<p>see www.e.com/x</p>'), auto).reasons).toEqual(['link'])
    expect(moderate(input('<p><a class="at" href="#a1">@Tom </a> , ok; see <a href="/gpt/b.html">b</a></p>', { link: 'https://reader.example' }), auto)).toEqual({ status: 'approved', reasons: [] })
  })

  it('auto: a remote image waits like a link (its host would see every reader); data: images, emoji and the site\'s own images do not', () => {
    expect(moderate(input('<p>hi <img src="https://tracker.example/p.gif"></p>'), auto)).toEqual({ status: 'waiting', reasons: ['remote-image'] })
    expect(moderate(input('<p><img src="//tracker.example/p.gif"></p>'), auto).status).toBe('approved') // dropped by the sanitiser: not http(s)
    expect(moderate(input('<p>pasted <img src="data:image/gif;base64,R0lGOD"> 😄</p>'), auto)).toEqual({ status: 'approved', reasons: [] })
    const site = { ...auto, siteOrigins: ['https://site.example'] }
    expect(moderate(input('<p><img src="https://site.example/emoji/smile.png"></p>'), site)).toEqual({ status: 'approved', reasons: [] })
    expect(moderate(input('<p><img src="https://site.example.evil.example/p.png"></p>'), site).reasons).toEqual(['remote-image'])
    expect(moderate(input('<p><img src="http://site.example/p.png"></p>'), site).reasons).toEqual(['remote-image'])
    expect(moderate(input('<p><img src="https://tracker.example/p.gif"></p>'), { mode: 'none', forbiddenWords: [] }).status).toBe('approved')
  })

  it('auto: spam rules make it wait, with reasons', () => {
    expect(moderate(input('<p><a href="https://a.com">a</a> <a href="https://b.com">b</a> https://c.com</p>'), auto).reasons).toEqual(['link', 'many-links'])
    expect(moderate(input(`<p>wow${'!'.repeat(25)}</p>`), auto)).toEqual({ status: 'waiting', reasons: ['repeated-characters'] })
    expect(moderate(input('<p>Cheap VIAGRA here</p>'), auto)).toEqual({ status: 'waiting', reasons: ['spam-pattern'] })
    expect(moderate(input('<p>正规博彩平台</p>'), auto).status).toBe('waiting')
    expect(moderate(input('<p>buy our Widgets</p>'), { mode: 'auto', forbiddenWords: ['widgets'] })).toEqual({ status: 'waiting', reasons: ['forbidden-word'] })
    expect(moderate(input('<p>hi</p>', { nick: 'Widget seller' }), { mode: 'auto', forbiddenWords: [' widget '] }).reasons).toEqual(['forbidden-word'])
    expect(moderate(input('<p>hi</p>'), { mode: 'auto', forbiddenWords: ['', '  '] }).status).toBe('approved')
  })

  it('all: everything waits; none: everything is approved', () => {
    expect(moderate(input('<p>hello</p>'), { mode: 'all', forbiddenWords: [] })).toEqual({ status: 'waiting', reasons: ['moderation-all'] })
    expect(moderate(input('<p><a href="https://e.com">x</a></p>'), { mode: 'none', forbiddenWords: [] })).toEqual({ status: 'approved', reasons: ['link'] })
  })
})

describe('duplicates', () => {
  it('one key for the same page, name and visible text', () => {
    const a = duplicateKey({ url: '/a', nick: 'Tom', comment: '<p>Hello   world</p>' })
    expect(duplicateKey({ url: '/a', nick: 'tom', comment: '<p>hello world</p>\n' })).toBe(a)
    expect(duplicateKey({ url: '/b', nick: 'Tom', comment: '<p>Hello world</p>' })).not.toBe(a)
    expect(duplicateKey({ url: '/a', nick: 'Tom', comment: '<p>Hello world!</p>' })).not.toBe(a)
  })
})
