import { describe, expect, it } from 'vitest'
import { excerpt, fold, parseQuery, prepareIndex, search, type SearchEntry, type Segment, type Suggestion } from '../../src/search/format/rank.js'

const page = (t: string, p: string, x = '', h: [string, string][] = []): SearchEntry => ({ t, p, h, x })
const indexOf = (...pages: SearchEntry[]) => prepareIndex({ v: 1, pages })
const text = (parts: Segment[] | undefined) => (parts ?? []).map((s) => s.text).join('')
const marked = (parts: Segment[] | undefined) => (parts ?? []).filter((s) => s.mark).map((s) => s.text)
const paths = (list: Suggestion[]) => list.map((s) => s.path)

const SITE = indexOf(
  page('订阅 ChatGPT Plus', '/handbook/subscribe.html', '订阅前请先准备一张可以支付美元的卡。', [['支付方式', '支付方式'], ['注册之后再订阅', '注册之后再订阅']]),
  page('海外手机号', '/handbook/phone.html', '很多服务在注册时要求验证手机号，国内号码常常收不到验证码。', [['接码平台', '接码平台']]),
  page('注册 ChatGPT 账号', '/handbook/sign-up.html', '本文介绍注册流程。', [['准备工作', '准备工作'], ['常见报错', '常见报错']]),
  page('虚拟卡', '/handbook/card.html', '虚拟卡用于海外付款，开卡后即可订阅各类服务。', [['开卡步骤', '开卡步骤']]),
)

describe('search: Chinese queries', () => {
  it('a two-character query finds every page containing it, wherever the characters sit', () => {
    const hits = search(SITE, '注册')
    expect(new Set(paths(hits).map((p) => p.split('#')[0]))).toEqual(new Set(['/handbook/sign-up.html', '/handbook/subscribe.html', '/handbook/phone.html']))
    expect(hits.every((h) => [...marked(h.title), ...marked(h.heading), ...marked(h.excerpt)].includes('注册'))).toBe(true)
  })

  it('a three-character query matches the characters together, not apart', () => {
    expect(paths(search(SITE, '手机号'))).toEqual(['/handbook/phone.html'])
    expect(paths(search(SITE, '验证码'))).toEqual(['/handbook/phone.html'])
    // 号 and 码 both occur on the phone page, but 号码验 does not.
    expect(search(SITE, '号码验')).toEqual([])
  })

  it('finds a phrase in the middle of body text that has no spaces', () => {
    const [hit] = search(SITE, '开卡后')
    expect(hit).toMatchObject({ kind: 'body', path: '/handbook/card.html' })
    expect(marked(hit.excerpt)).toEqual(['开卡后'])
  })

  it('needs every term of a query with several terms', () => {
    expect(paths(search(SITE, '注册 手机号'))).toEqual(['/handbook/phone.html'])
    expect(search(SITE, '注册 不存在的词')).toEqual([])
  })
})

describe('search: Latin words', () => {
  const index = indexOf(
    page('ChatGPT Plus', '/a.html', 'Subscribe with a card.'),
    page('Cursor', '/b.html', 'The editor uses GPT models; see chatgpt.com for more.'),
  )

  it('match case-insensitively by word prefix', () => {
    expect(paths(search(index, 'chat'))).toEqual(['/a.html', '/b.html'])
    expect(paths(search(index, 'SUBSCR'))).toEqual(['/a.html'])
    expect(paths(search(index, 'gpt'))).toEqual(['/b.html']) // "ChatGPT" does not start with gpt
    expect(paths(search(index, 'ditor'))).toEqual([])
  })

  it('folds full-width letters typed with a Chinese IME', () => {
    expect(paths(search(index, 'ＣＵＲＳＯＲ'))).toEqual(['/b.html'])
    expect(fold('ＡＢｃ１')).toBe('abc1')
  })

  it('splits mixed queries into Chinese runs and words', () => {
    expect(parseQuery('注册ChatGPT 账号, Plus!')).toEqual([
      { text: '注册', cjk: true },
      { text: 'chatgpt', cjk: false },
      { text: '账号', cjk: true },
      { text: 'plus', cjk: false },
    ])
    expect(parseQuery(' ，。 ')).toEqual([])
  })
})

describe('search: ranking', () => {
  const index = indexOf(
    page('常见问题', '/faq.html', '第一次订阅时的问题。', [['订阅失败', '订阅失败']]),
    page('订阅 Claude Pro', '/claude.html', '先注册再订阅。', [['支付', '支付']]),
    page('虚拟卡', '/card.html', '开卡后可以订阅。'),
    page('订阅', '/subscribe.html', ''),
  )

  it('suggests each page once: as its title, else its best heading, else its text', () => {
    const hits = search(index, '订阅')
    expect(hits.map((h) => h.kind)).toEqual(['title', 'title', 'heading', 'body'])
    // The exact title first; then, as much said about the word, the title before the heading before the text.
    expect(paths(hits)).toEqual(['/subscribe.html', '/claude.html', '/faq.html#订阅失败', '/card.html'])
  })

  it('ranks a page dense with the word above pages that merely mention it in their title (one score over title, headings and body)', () => {
    const filler = '这里写一些与主题无关的文字，用来把页面拉长。'.repeat(10)
    const titled = Array.from({ length: 12 }, (_, i) => page(`模型笔记 ${i}`, `/t${i}.html`, `${filler}模型`, [['小结', `s${i}`]]))
    const dense = page('选型', '/dense.html', '模型的选择：大模型更准，小模型更快，开源模型可以自己部署，闭源模型按量付费。')
    const hits = search(indexOf(...titled, dense), '模型')
    expect(hits[0]).toMatchObject({ kind: 'body', path: '/dense.html' })
    expect(hits.slice(1).every((h) => h.kind === 'title')).toBe(true)
    // Twelve titles for ten places: the body hit still gets one.
    expect(hits).toHaveLength(10)
  })

  it('counts the word in a title as one mention more, and in a heading as the mention it is in the text', () => {
    // Texts of a set length (the text holds the headings, as the build writes it).
    const text = (words: string, length: number) => words + '文'.repeat(length - words.length)
    const titled = page('模型笔记', '/titled.html', text('先说模型。', 320))
    const thrice = page('笔记', '/thrice.html', text('模型，模型，还是模型。', 320))
    // Title and one mention: two; three mentions in a text as long rank above it…
    expect(paths(search(indexOf(titled, thrice), '模型'))).toEqual(['/thrice.html', '/titled.html'])
    // …and one mention alone below it.
    const once = page('笔记', '/once.html', text('先说模型。', 320))
    expect(paths(search(indexOf(once, titled), '模型'))).toEqual(['/titled.html', '/once.html'])
    // A heading's mention is one of the text's: twice in a shorter text ranks above twice with a heading.
    const headed = page('笔记', '/headed.html', text('模型的选择 先说模型。', 352), [['模型的选择', 'pick']])
    const shorter = page('笔记', '/shorter.html', text('模型，还是模型。', 320))
    expect(paths(search(indexOf(headed, shorter), '模型'))).toEqual(['/shorter.html', '/headed.html#pick'])
  })

  it('still puts a page whose title is exactly the query first, however little its text says', () => {
    const dense = page('选型', '/dense.html', '模型的选择：大模型更准，小模型更快，开源模型可以自己部署。')
    const exact = page('模型', '/exact.html', '这一页几乎什么都没写。')
    const hits = search(indexOf(dense, exact, page('模型笔记', '/note.html', '')), '模型')
    expect(paths(hits)).toEqual(['/exact.html', '/dense.html', '/note.html'])
    expect(hits[0].kind).toBe('title')
  })

  it('links to the heading when a page\'s best match is in a heading, ranked by the same score', () => {
    const hits = search(indexOf(page('部署', '/a.html', '模型'.repeat(3) + '。', [['模型的选择', 'pick']]), page('价格', '/b.html', '模型。')), '模型')
    expect(hits).toMatchObject([{ kind: 'heading', path: '/a.html#pick' }, { kind: 'body', path: '/b.html' }])
    expect(marked(hits[0].heading)).toEqual(['模型'])
  })

  it('orders body hits by how much of the page the word is (BM25), not by raw count or build order', () => {
    const filler = '这里写一些与主题无关的文字，用来把页面拉长。'.repeat(60)
    const bodies = indexOf(
      // Built first: a long page that says 模型 three times.
      page('长篇', '/long.html', `模型${filler}模型${filler}模型`),
      // A short page where 模型 is most of what it says, three times too.
      page('短篇', '/short.html', '模型的选择：模型越大越慢，小模型更快。'),
      // Once, in a short page.
      page('一次', '/once.html', '选择模型之前先看价格。'),
      // Twelve times in a page of middling length.
      page('多次', '/many.html', `${'模型对比，'.repeat(12)}${filler.slice(0, 200)}`),
    )
    expect(paths(search(bodies, '模型'))).toEqual(['/many.html', '/short.html', '/once.html', '/long.html'])
  })

  it('weighs a rare term above a common one when a query has several', () => {
    const common = Array.from({ length: 8 }, (_, i) => page(`第${i}篇`, `/p${i}.html`, `配置说明第${i}篇。`))
    const bodies = indexOf(
      ...common,
      // The common term three times, the rare one once…
      page('甲', '/a.html', '配置配置配置，还有密钥。'),
      // …against the rare term three times, the common one once: same length.
      page('乙', '/b.html', '密钥密钥密钥，还有配置。'),
    )
    expect(paths(search(bodies, '配置 密钥'))).toEqual(['/b.html', '/a.html'])
  })

  it('breaks ties in body scores by the first match, then by page order', () => {
    const bodies = indexOf(page('一', '/one.html', '前面几个字然后模型。'), page('二', '/two.html', '模型在前面几个字。'), page('三', '/three.html', '模型在前面几个字。'))
    expect(paths(search(bodies, '模型'))).toEqual(['/two.html', '/three.html', '/one.html'])
  })

  it('a heading hit shows the page title and the heading and links to its slug', () => {
    const hit = search(index, '订阅失败')[0]
    expect(hit).toMatchObject({ kind: 'heading', path: '/faq.html#订阅失败' })
    expect(text(hit.title)).toBe('常见问题')
    expect(text(hit.heading)).toBe('订阅失败')
    expect(marked(hit.heading)).toEqual(['订阅失败'])
  })

  it('a heading matches together with its page title', () => {
    const hits = search(indexOf(page('Claude', '/c.html', '', [['订阅步骤', 'steps']])), 'claude 订阅')
    expect(hits).toMatchObject([{ kind: 'heading', path: '/c.html#steps' }])
  })

  it('a page already suggested for its title or a heading gets no extra body hit', () => {
    // 订阅 is also in the bodies of /faq.html and /claude.html.
    expect(paths(search(index, '订阅').filter((h) => h.kind === 'body'))).toEqual(['/card.html'])
    expect(search(index, '注册')).toMatchObject([{ kind: 'body', path: '/claude.html' }])
  })

  it('returns at most the configured number of suggestions (10 by default)', () => {
    const many = indexOf(...Array.from({ length: 30 }, (_, i) => page(`笔记 ${i + 1}`, `/n${i + 1}.html`, '这里提到了注册。')))
    expect(search(many, '注册')).toHaveLength(10)
    expect(search(many, '注册', 3)).toHaveLength(3)
    expect(paths(search(many, '注册', 3))).toEqual(['/n1.html', '/n2.html', '/n3.html'])
    const titled = indexOf(...Array.from({ length: 12 }, (_, i) => page(`注册 ${i}`, `/t${i}.html`, '', [['注册步骤', `s${i}`]])))
    expect(search(titled, '注册').every((h) => h.kind === 'title')).toBe(true)
    expect(search(titled, '注册')).toHaveLength(10)
  })

  it('an empty or punctuation-only query suggests nothing', () => {
    expect(search(index, '')).toEqual([])
    expect(search(index, '   ')).toEqual([])
    expect(search(index, '？！')).toEqual([])
  })
})

describe('search: excerpts', () => {
  it('shows a short piece around the match, cut with an ellipsis', () => {
    const body = '前言'.repeat(40) + '这里讲注册的步骤' + '后记'.repeat(40)
    const [hit] = search(indexOf(page('长文', '/long.html', body)), '注册')
    const shown = text(hit.excerpt)
    expect(shown.startsWith('…')).toBe(true)
    expect(shown.endsWith('…')).toBe(true)
    expect(shown).toContain('这里讲注册的步骤')
    expect(shown.length).toBeLessThan(100)
    expect(marked(hit.excerpt)).toEqual(['注册'])
  })

  it('starts at the sentence of the match when that begins shortly before it', () => {
    const shown = text(excerpt('前言。'.repeat(30) + '这里讲注册的步骤。' + '后记。'.repeat(30), parseQuery('注册')))
    expect(shown.startsWith('这里讲注册的步骤。')).toBe(true)
    expect(shown.endsWith('…')).toBe(true)
    expect(text(excerpt('Open the site. Sign up by email.', parseQuery('email')))).toBe('Sign up by email.')
    expect(text(excerpt('x'.repeat(40) + ' word and more words before the sign up button text', parseQuery('button')))).toMatch(/^…\S+ /)
  })

  it('marks every occurrence of every term inside the excerpt', () => {
    const parts = excerpt('注册账号后再注册手机号，ChatGPT 会验证 chatgpt 账号。', parseQuery('注册 chatgpt'))
    expect(marked(parts)).toEqual(['注册', '注册', 'ChatGPT', 'chatgpt'])
    expect(text(parts)).toBe('注册账号后再注册手机号，ChatGPT 会验证 chatgpt 账号。')
  })

  it('keeps markup in page text as plain text pieces (the renderer escapes them)', () => {
    const [hit] = search(indexOf(page('标记', '/m.html', '可以写 <b>注册</b> 或 <img src=x onerror=alert(1)> 这样的代码')), '注册')
    expect(hit.excerpt).toEqual([{ text: '可以写 <b>' }, { text: '注册', mark: true }, { text: '</b> 或 <img src=x onerror=alert(1)> 这样的代码' }])
  })
})
