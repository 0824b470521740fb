/**
 * The mascot's CSS, injected from its own chunk when it first shows, so the site's first-load
 * CSS does not grow. The slot's fixed 150×220 box (bottom left, opacity 0.9) is the theme's
 * (`theme.css`); the entry makes the slot take no clicks (only the buttons do), and the canvas is
 * answered through window listeners (see stage.tsx). Colours follow the theme's variables (the kit's `THEME`).
 */
import { injectStyle, THEME } from '../kit/styles.js'

const STYLE_ID = 'gptnotes-mascot-style'

export const CSS = `
.gm{position:absolute;inset:0}
.gm-canvas{position:absolute;left:0;bottom:0;display:block;pointer-events:none}
.gm-buttons{position:absolute;right:-30px;bottom:40px;display:flex;flex-direction:column;gap:4px;pointer-events:auto}
.gm-buttons button,.gm-show{pointer-events:auto;font:inherit;cursor:pointer;color:${THEME.muted};background:${THEME.bg};border:1px solid ${THEME.border};border-radius:6px}
.gm-buttons button{width:28px;height:28px;padding:0;display:grid;place-items:center}
.gm-buttons button:hover,.gm-buttons button:focus-visible,.gm-show:hover{color:${THEME.brand};border-color:${THEME.brand}}
.gm-buttons button:focus-visible,.gm-show:focus-visible{outline:2px solid ${THEME.brand};outline-offset:1px}
.gm-message{position:absolute;left:0;bottom:190px;width:160px;min-height:60px;box-sizing:border-box;padding:6px 10px;border-radius:8px;font-size:13px;line-height:1.5;color:${THEME.text};background:${THEME.soft};border:1px solid ${THEME.border};opacity:.95;pointer-events:none;overflow-wrap:anywhere}
.gm-show{position:absolute;left:8px;bottom:6rem;padding:2px 8px;font-size:12px;line-height:20px}
`

export const injectStyles = (): void => injectStyle(STYLE_ID, CSS)
