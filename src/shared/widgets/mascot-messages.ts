// The mascot's texts, as plain data apart from its schema (mascot.ts), so the mascot's small entry
// chunk reads them without carrying the config's declaration.

/** The original plugin's texts, which a left-out message keeps (an empty `welcome` greets with the site's title). */
export const MASCOT_MESSAGES = {
  welcome: '',
  home: '心里的花，我想要带你回家。',
  theme: '好吧，希望你能喜欢我的其他小伙伴。',
  close: '你知道我喜欢吃什么吗？痴痴地望着你。',
} as const
