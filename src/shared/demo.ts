/** The `::: demo` block's code slots, as the build writes them and the island reads them. */
export type DemoLang = 'html' | 'js' | 'css'

export interface DemoSlot {
  lang: DemoLang
  code: string
}

/** Each slot's name on its tab (and above its code without JavaScript). */
export const DEMO_LABELS: Readonly<Record<DemoLang, string>> = { html: 'HTML', js: 'JS', css: 'CSS' }
