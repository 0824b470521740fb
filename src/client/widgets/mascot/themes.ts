/**
 * Theme names (plain data, so the small entry chunk can check them without loading a renderer).
 * `builtin` and `builtin-sakura` are 小笺 (renderer 1, always available). The spec's Live2D names are drawn by the
 * Cubism 2 renderer, which needs the site owner's core and model packages: a Live2D name is
 * supported only when the build copied its files (the site data's `mascot.live2d.models`).
 */
import type { Live2DAssets } from '../../../shared/widgets/mascot-live2d-model.js'

export const BUILTIN = 'builtin'
/** 小笺 in cherry-blossom pink: a second built-in theme, so a site can offer a theme change without Live2D. */
export const BUILTIN_SAKURA = 'builtin-sakura'

/** The spec's model names (Live2D Cubism 2), case-sensitive. */
export const LIVE2D_THEMES = ['blackCat', 'whiteCat', 'haru1', 'haru2', 'haruto', 'koharu', 'izumi', 'shizuku', 'wanko', 'miku', 'z16'] as const

export const SUPPORTED_THEMES: ReadonlySet<string> = new Set([BUILTIN, BUILTIN_SAKURA])

/** The names of `themes` this site cannot show (`live2d`: the Live2D models the build copied). */
export const unsupportedThemes = (themes: readonly string[], live2d?: Pick<Live2DAssets, 'models'>): string[] =>
  themes.filter((t) => !SUPPORTED_THEMES.has(t) && !(live2d && Object.hasOwn(live2d.models, t)))

/** A random theme other than `current` (the spec's theme change); `current` when it is the only one. */
export function otherTheme(themes: readonly string[], current: string, random: () => number = Math.random): string {
  const others = [...new Set(themes)].filter((t) => t !== current)
  if (!others.length) return current
  return others[Math.min(others.length - 1, Math.floor(random() * others.length))]
}
