/**
 * A widget's CSS, added to the document from its own chunk when it first mounts, so the site's
 * first-load CSS does not grow for pages without it; and the theme's colours as widgets read
 * them, each with the value it takes where the theme leaves the variable unset
 * (`--c-text-light` is such a one: the muted grey below is what readers see).
 */

/** The site theme's custom properties, with their fallbacks. */
export const THEME = {
  bg: 'var(--c-bg,#fff)',
  soft: 'var(--c-bg-soft,#f6f8fa)',
  text: 'var(--c-text,#2c3e50)',
  muted: 'var(--c-text-light,#6a737d)',
  brand: 'var(--c-brand,#3eaf7c)',
  border: 'var(--c-border,#e2e4e8)',
} as const

/** In dark mode the muted grey is lighter, and errors turn from red to a light red. */
const DARK_MUTED = 'var(--c-text-light,#9aa1ab)'
const ERROR = '#c62828'
const DARK_ERROR = '#ff8a80'

/**
 * The palette a comment widget's rules read, as custom properties on its root `selector`:
 * `--P-bg`, `--P-soft`, `--P-text`, `--P-muted`, `--P-brand`, `--P-border`, `--P-error` for
 * prefix `P`, following the site's light and dark modes (`html.dark`).
 */
export function palette(selector: string, prefix: string): string {
  const vars = Object.entries({ ...THEME, error: ERROR }).map(([name, value]) => `--${prefix}-${name}:${value}`)
  return `${selector}{${vars.join(';')}}\nhtml.dark ${selector}{--${prefix}-error:${DARK_ERROR};--${prefix}-muted:${DARK_MUTED}}`
}

/** Adds `css` to the document in a `<style id>`, once: a second call with the same id does nothing. */
export function injectStyle(id: string, css: string, doc: Document = document): void {
  if (doc.getElementById(id)) return
  const style = doc.createElement('style')
  style.id = id
  style.textContent = css
  doc.head.append(style)
}
