import { pinyin } from 'pinyin-pro'

/** What a page slug may hold, said the way the CLI and the prompt say it. */
export const SLUG_RULE = 'use only lower-case letters a-z, digits 0-9, "-" and "_" (for example how_to_sign_up_for_chatgpt)'

const SLUG_RE = /^[a-z0-9_-]+$/
/** Long titles make long addresses; cut at a word boundary past this many characters. */
const MAX_LENGTH = 60
/** The longest slug accepted: an address someone can still read, far below file-name limits. */
export const MAX_SLUG = 100

/** Why `slug` cannot name a page, or undefined when it can. */
export function slugProblem(slug: string): string | undefined {
  if (slug === '') return `the slug is empty: ${SLUG_RULE}`
  // Checked first, and the slug not repeated: file names stop at 255 bytes.
  if (slug.length > MAX_SLUG) return `the slug is ${slug.length} characters long; at most ${MAX_SLUG} are allowed`
  if (!SLUG_RE.test(slug)) return `the slug "${slug}" is not allowed: ${SLUG_RULE}`
  return undefined
}

/**
 * Propose a readable ASCII slug for a title: Chinese characters become toneless pinyin
 * syllables (ü as v), Latin words are kept, everything else separates words with `-`.
 * `如何注册 ChatGPT 账号` → `ru-he-zhu-ce-chatgpt-zhang-hao`. May be '' (a title of emoji).
 */
export function titleToSlug(title: string): string {
  // `consecutive` keeps runs of non-Chinese text (ChatGPT, 5.7) together as one element.
  const parts = pinyin(title.normalize('NFKC'), { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true })
  const words = parts.map((part) =>
    part
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '') // accents: café → cafe
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-'),
  )
  const slug = words.join('-').replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '')
  if (slug.length <= MAX_LENGTH) return slug
  const cut = slug.slice(0, MAX_LENGTH + 1)
  const lastDash = cut.lastIndexOf('-')
  return (lastDash > 0 ? cut.slice(0, lastDash) : cut.slice(0, MAX_LENGTH)).replace(/-+$/, '')
}

/** The rule again, for the (Chinese) prompt. */
export const SLUG_RULE_ZH = '网址名只能用小写字母 a-z、数字 0-9、“-” 和 “_”，不能为空'
