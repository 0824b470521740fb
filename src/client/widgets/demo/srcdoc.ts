import type { DemoSlot } from '../../../shared/demo.js'

/** The tag of the messages between a demo's frame and the page. */
export const DEMO_MESSAGE = 'gptnotes-demo'

/**
 * What the demo's document may load: nothing from anywhere (no host, not even the site's own,
 * which a sandboxed frame's opaque origin could not name anyway), only its own inline scripts
 * and styles, and data: images, fonts and media. Forms go nowhere and `<base>` is refused.
 */
export const DEMO_CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; font-src data:; media-src data:; form-action 'none'; base-uri 'none'"

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

/*
 * Runs first in the frame: reports the document's height whenever it changes (the page sizes
 * the frame to it), takes the colour mode from the page, and keeps links from taking the frame
 * to another site (a sandboxed frame may not open windows or move the page, but may navigate itself).
 */
const BOOT =
  `(function(){var T=${JSON.stringify(DEMO_MESSAGE)},root=document.documentElement,last=-1;
function send(){var h=Math.ceil(root.getBoundingClientRect().height);if(h!==last){last=h;parent.postMessage({type:T,height:h},"*")}}
new ResizeObserver(send).observe(root);addEventListener("load",send);
addEventListener("message",function(e){var d=e.data;if(e.source!==parent||!d||d.type!==T||typeof d.dark!=="boolean")return;root.classList.toggle("dark",d.dark)});
document.addEventListener("click",function(e){var a=e.target&&e.target.closest&&e.target.closest("a[href]");if(a&&a.getAttribute("href").charAt(0)!=="#")e.preventDefault()})})()`

/** Keeps an author's script or style text from ending its element early. */
const inScript = (code: string): string => code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--')
const inStyle = (code: string): string => code.replace(/<\/(style)/gi, '<\\/$1')

/** The demo's whole document, for the frame's `srcdoc`: the CSP first, then the slots. */
export function demoDocument(slots: readonly DemoSlot[], dark: boolean): string {
  const slot = (lang: DemoSlot['lang']) => slots.find((s) => s.lang === lang)?.code
  const html = slot('html') ?? ''
  const css = slot('css')
  const js = slot('js')
  return [
    `<!doctype html><html lang="zh-CN"${dark ? ' class="dark"' : ''}><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="${DEMO_CSP}">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<style>${BASE_CSS}</style>`,
    css === undefined ? '' : `<style>${inStyle(css)}</style>`,
    `<script>${BOOT}</script></head><body>`,
    html,
    js === undefined ? '' : `<script>${inScript(js)}</script>`,
    '</body></html>',
  ].join('\n')
}
