import { createElement } from 'react'
import { render } from 'ink-testing-library'
import type { Key } from 'ink'
import { afterEach, describe, expect, it } from 'vitest'
import { InitWizard } from '../../src/cli/init/ui.js'
import { initAnswers, initWizardKey, startInitWizard, type InitWizardState } from '../../src/cli/init/wizard.js'
import type { InitAnswers } from '../../src/tools/init/answers.js'

/** The questions of `gptnotes init`: the pure machine, then the ink view over it. */
const key = (k: Partial<Key> = {}): Key => ({ upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, ...k }) as Key
const enter = key({ return: true })
const down = key({ downArrow: true })

function answer(state: InitWizardState, preset: Partial<InitAnswers>, ...steps: (Key | string)[]): InitWizardState {
  return steps.reduce<InitWizardState>((s, k) => (typeof k === 'string' ? initWizardKey(s, k, key(), preset) : initWizardKey(s, '', k, preset)), state)
}

describe('the init questions as a state machine', () => {
  it('asks language, title, kind, comments and mascot in order, with the defaults on Enter', () => {
    const preset = {}
    let s = startInitWizard(preset)
    const seen: string[] = []
    while (s.step !== 'done') {
      seen.push(s.step)
      s = answer(s, preset, enter)
    }
    expect(seen).toEqual(['lang', 'title', 'kind', 'comments', 'mascot'])
    expect(initAnswers(s, preset)).toEqual({ lang: 'zh-CN', title: '我的网站', kind: 'docs', comments: true, mascot: false })
  })

  it('takes other choices: English, a typed title, a blog, no comments, the mascot', () => {
    const preset = {}
    let s = answer(startInitWizard(preset), preset, down, enter)
    expect(s.step).toBe('title')
    // The title starts as the chosen language's default; Ctrl+U clears it.
    s = initWizardKey(s, 'u', key({ ctrl: true }), preset)
    s = answer(s, preset, 'N', 'o', 't', 'e', 's', enter, down, enter, down, enter, down, enter)
    expect(s.step).toBe('done')
    expect(initAnswers(s, preset)).toEqual({ lang: 'en-US', title: 'Notes', kind: 'blog', comments: false, mascot: true })
  })

  it('refuses an empty title in the chosen language and stays on the question', () => {
    const preset = { lang: 'en-US' as const }
    let s = startInitWizard(preset)
    expect(s.step).toBe('title')
    s = initWizardKey(s, 'u', key({ ctrl: true }), preset)
    s = answer(s, preset, enter)
    expect(s.step).toBe('title')
    expect(s.field?.kind === 'text' && s.field.error).toBe('The title cannot be empty')
  })

  it('skips what the flags answered', () => {
    const preset: Partial<InitAnswers> = { title: '笔记', lang: 'zh-CN', comments: false }
    let s = startInitWizard(preset)
    expect(s.step).toBe('kind')
    s = answer(s, preset, down, enter)
    expect(s.step).toBe('mascot')
    s = answer(s, preset, enter)
    expect(initAnswers(s, preset)).toEqual({ title: '笔记', lang: 'zh-CN', kind: 'blog', comments: false, mascot: false })
  })
})

describe('the init questions in a terminal (ink)', () => {
  let app: ReturnType<typeof render> | undefined
  afterEach(() => app?.unmount())
  const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms))

  it('draws each question with its choices and lists the answers above', async () => {
    let done: InitAnswers | undefined
    app = render(createElement(InitWizard, { preset: {}, onDone: (a: InitAnswers) => (done = a) }))
    await tick()
    const shows = async (text: string) => {
      for (let i = 0; i < 300 && !(app!.lastFrame() ?? '').includes(text); i++) await tick(10)
      expect(app!.lastFrame()).toContain(text)
    }
    await shows('语言')
    expect(app.lastFrame()).toContain('English (en-US)')
    app.stdin.write('\r')
    await shows('网站标题')
    app.stdin.write('\r')
    await shows('网站类型')
    expect(app.lastFrame()).toContain('✔ 网站标题: 我的网站')
    expect(app.lastFrame()).toContain('博客：首页按时间列出文章')
    app.stdin.write('\x1b[B')
    app.stdin.write('\r')
    await shows('开启评论和阅读量')
    app.stdin.write('\r')
    await shows('显示看板娘')
    app.stdin.write('\r')
    for (let i = 0; i < 100 && !done; i++) await tick(10)
    expect(done).toEqual({ lang: 'zh-CN', title: '我的网站', kind: 'blog', comments: true, mascot: false })
  })
})
