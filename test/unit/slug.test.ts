import { describe, expect, it } from 'vitest'
import { createSlugger, slugify } from '../../src/shared/slug.js'

describe('shared/slug', () => {
  it('keeps Chinese characters, lower-cases Latin, drops punctuation, joins with -', () => {
    expect(slugify('第一步：注册 ChatGPT 账号')).toBe('第一步-注册-chatgpt-账号')
    expect(slugify('Claude Pro 订阅')).toBe('claude-pro-订阅')
    expect(slugify('常见问题（FAQ）？')).toBe('常见问题-faq')
    expect(slugify('1. 准备工作')).toBe('_1-准备工作')
  })
  it('makes slugs unique within a page', () => {
    const slug = createSlugger()
    expect([slug('常见问题'), slug('常见问题'), slug('常见问题'), slug('常见问题-1')]).toEqual(['常见问题', '常见问题-1', '常见问题-2', '常见问题-1-1'])
  })
})
