import { DEMO_MESSAGE, type DemoSlot } from '../../../shared/widgets/demo.js'

export { DEMO_MESSAGE }

/** The demo's script files as the frame loads them: absolute, since the frame's origin is opaque. */
export interface FrameScripts {
  boot: string
  js?: string
}

/**
 * What the demo's document may load: only the site's demo scripts (the folder of `boot`),
 * nothing else from any host, the site's own included, and data: images, fonts and media.
 * Inline styles; no inline script (the site's policy, which the frame inherits, would refuse
 * it anyway). Forms go nowhere and `<base>` is refused.
 */
export function demoCsp(scripts: FrameScripts): string {
  const folder = scripts.boot.slice(0, scripts.boot.lastIndexOf('/') + 1)
  return `default-src 'none'; script-src ${folder}; style-src 'unsafe-inline'; img-src data:; font-src data:; media-src data:; form-action 'none'; base-uri 'none'`
}

/**
 * The demo's default look, in the site's colours for both modes; a demo's own CSS can use the
 * variables to follow dark mode too.
 */
const BASE_CSS = `:root{color-scheme:light;--demo-bg:#fff;--demo-text:#1f2328;--demo-muted:#59636e;--demo-border:#e5e7eb;--demo-accent:#1a73e8}
html.dark{color-scheme:dark;--demo-bg:#16181d;--demo-text:#e3e5e8;--demo-muted:#a0a6af;--demo-border:#30343c;--demo-accent:#7ab0ff}
body{margin:0;padding:16px;background:var(--demo-bg);color:var(--demo-text);font:15px/1.6 system-ui,-apple-system,"PingFang SC","Hiragino Sans GB","Microsoft YaHei",sans-serif;overflow-wrap:break-word}
a{color:var(--demo-accent)}
button,input,select,textarea{font:inherit;color:inherit}
button{padding:.3em .9em;background:var(--demo-bg);border:1px solid var(--demo-border);border-radius:6px;cursor:pointer}
button:hover{border-color:var(--demo-accent)}`

/** Keeps an author's style text from ending its element early. */
const inStyle = (code: string): string => code.replace(/<\/(style)/gi, '<\\/$1')

/** An address in a double-quoted attribute. */
const attr = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * The demo's whole document, for the frame's `srcdoc`: the CSP first, then the slots. The js
 * slot is not in it: the frame loads it as the file the build wrote (`scripts.js`).
 */
export function demoDocument(slots: readonly DemoSlot[], dark: boolean, scripts: FrameScripts): string {
  const slot = (lang: DemoSlot['lang']) => slots.find((s) => s.lang === lang)?.code
  const html = slot('html') ?? ''
  const css = slot('css')
  return [
    `<!doctype html><html lang="zh-CN"${dark ? ' class="dark"' : ''}><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="${attr(demoCsp(scripts))}">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<style>${BASE_CSS}</style>`,
    css === undefined ? '' : `<style>${inStyle(css)}</style>`,
    `<script src="${attr(scripts.boot)}"></script></head><body>`,
    html,
    scripts.js === undefined ? '' : `<script src="${attr(scripts.js)}"></script>`,
    '</body></html>',
  ].join('\n')
}
