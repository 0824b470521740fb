import { createElement } from 'react'
import { render } from 'ink-testing-library'
import { afterEach, describe, expect, it } from 'vitest'
import type { PostAnswers } from '../../src/tools/new-post/answers.js'
import { NewPostWizard, type WizardProps } from '../../src/cli/new-post/ui.js'

/** The new-post prompts rendered by ink's testing library: keys in, frames and answers out. */
const KEYS = { enter: '\r', down: '\x1b[B', up: '\x1b[A', left: '\x1b[D', backspace: '\x7f', space: ' ' }
const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms))

const choices: WizardProps['choices'] = {
  tags: ['ChatGPT', '工具', 'Gemini'],
  categories: ['教程', '资讯'],
  templates: [
    { name: 'tutorial', label: '教程（分步骤的操作指南）' },
    { name: 'news', label: '资讯（新闻与更新整理）' },
  ],
  groups: ['入门教程', '资讯'],
}

let app: ReturnType<typeof render> | undefined
afterEach(() => app?.unmount())

async function wizard(preset: Partial<PostAnswers> = {}, existing: string[] = []) {
  let answers: PostAnswers | undefined
  app = render(
    createElement(NewPostWizard, {
      preset,
      choices,
      defaults: { date: '2025-5-13', template: 'tutorial' },
      pageExists: (slug: string) => existing.includes(slug),
      force: false,
      onDone: (a: PostAnswers) => (answers = a),
    }),
  )
  await tick() // ink listens to keys once mounted
  const { stdin, lastFrame, frames } = app
  return {
    /** Every frame drawn so far (the last one may already be the cleared screen after exit). */
    drawn: () => frames.join('\n'),
    /** Keys pressed one after another as fast as they come, without waiting for the screen. */
    press: (...keys: string[]) => keys.forEach((k) => stdin.write(k)),
    screen: () => lastFrame() ?? '',
    /** Wait (up to 3 s, for a loaded machine) until the screen shows `text`. */
    shows: async (text: string) => {
      for (let i = 0; i < 300 && !(lastFrame() ?? '').includes(text); i++) await tick(10)
      expect(lastFrame() ?? '').toContain(text)
    },
    answers: async () => {
      for (let i = 0; i < 50 && !answers; i++) await tick(10)
      return answers
    },
  }
}

describe('new-post prompts (ink)', () => {
  it('collects every answer even when keys come faster than the screen redraws', async () => {
    const w = await wizard()
    await w.shows('? 标题')
    w.press(...'如何注册'.split(''), ' ', 'C', 'h', 'a', 't', 'G', 'P', 'T', KEYS.enter) // title, key by key
    w.press(KEYS.enter) // accept the proposed slug
    w.press(KEYS.space, KEYS.down, KEYS.down, KEYS.space, KEYS.enter) // tags: ChatGPT, Gemini
    w.press('新', '标', '签', KEYS.enter)
    w.press(KEYS.down, KEYS.space, KEYS.enter) // categories: 资讯
    w.press(KEYS.enter) // no new category
    w.press(KEYS.backspace, KEYS.backspace, '2', '0', KEYS.enter) // date 2025-5-13 → 2025-5-20
    w.press(KEYS.down, KEYS.enter) // news
    w.press(KEYS.down, KEYS.down, KEYS.enter) // group 资讯
    expect(await w.answers()).toEqual({
      title: '如何注册 ChatGPT',
      slug: 'ru-he-zhu-ce-chatgpt',
      tags: ['ChatGPT', 'Gemini', '新标签'],
      categories: ['资讯'],
      date: '2025-5-20',
      template: 'news',
      group: '资讯',
    })
    expect(w.drawn()).toContain('✔ 侧边栏分组：资讯')
  })

  it('proposes the pinyin slug for editing and refuses what the rule or an existing page forbids', async () => {
    const w = await wizard({ tags: [], categories: [], date: '2025-5-13', template: 'tutorial', group: undefined }, ['ce-shi'])
    w.press('测', '试', KEYS.enter)
    await w.shows('› ce-shi')
    w.press(KEYS.enter)
    await w.shows('✖ content/handbook/ce-shi.md 已经存在')
    w.press('_', 'X', KEYS.enter)
    await w.shows('✖ 网址名只能用小写字母 a-z、数字 0-9、“-” 和 “_”，不能为空')
    w.press(KEYS.backspace, KEYS.left, KEYS.left, '2', KEYS.enter) // ce-shi_ → ce-sh2i_ ... edited in the middle
    const answers = await w.answers()
    expect(answers?.slug).toBe('ce-sh2i_')
    expect(answers?.group).toBeUndefined()
    expect(w.screen()).not.toContain('? 标签') // answered by flags: never asked
  })

  it('offers "not in the sidebar" first and the template default preselected', async () => {
    const w = await wizard({ title: 't', slug: 't', tags: [], categories: [], date: '2025-5-13' })
    await w.shows('❯ 教程（分步骤的操作指南）')
    w.press(KEYS.enter)
    await w.shows('❯ 不加入侧边栏')
    expect(w.screen()).toMatch(/❯ 不加入侧边栏\s+入门教程\s+资讯/)
    w.press(KEYS.enter)
    expect(await w.answers()).toMatchObject({ template: 'tutorial', group: undefined })
  })
})
