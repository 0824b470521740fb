/** What `gptnotes init` asks for, whether from flags or from the questions in a terminal. */
export interface InitAnswers {
  /** The site's title (`title` of the config and the home page). */
  title: string
  /** The pages' language (`<html lang>`, the theme's words). */
  lang: InitLang
  /** A blog lists its posts on the home page; docs lead with a sidebar of guides. */
  kind: SiteKind
  /** Widget A (comments and the visitor counter), served by `gptnotes serve` itself while writing. */
  comments: boolean
  /** The built-in mascot (看板娘) in a corner of every page. */
  mascot: boolean
}

export const LANGS = ['zh-CN', 'en-US'] as const
export type InitLang = (typeof LANGS)[number]
export const KINDS = ['docs', 'blog'] as const
export type SiteKind = (typeof KINDS)[number]

export const DEFAULT_ANSWERS: InitAnswers = { title: '我的网站', lang: 'zh-CN', kind: 'docs', comments: true, mascot: false }

/** The default title in a language (the question's starting value). */
export function defaultTitle(lang: InitLang): string {
  return lang === 'zh-CN' ? '我的网站' : 'My site'
}
