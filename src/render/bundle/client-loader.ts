import { CLIENT_ENTRY_ATTR, CLIENT_PRELOAD_ATTR, CLIENT_STYLE_ATTR } from '../../shared/markup.js'
import { escapeHtml } from '../../shared/escape.js'

const [ENTRY, PRELOAD, STYLE] = [CLIENT_ENTRY_ATTR, CLIENT_PRELOAD_ATTR, CLIENT_STYLE_ATTR].map((attr) => attr.replace(/^data-/, ''))

/**
 * The inline script that starts the client once the text is on screen: after the page's first
 * contentful paint and its `load` event (the first image near the top is loaded by then), or
 * 3 s after the HTML was parsed if either never comes (a hidden tab, a browser without paint
 * timing). A module script or a modulepreload in the HTML would be fetched at once, competing
 * with the HTML and the first image for bandwidth and adding script work before the paint; a
 * page reads fully without the client, so nothing is lost by starting it late. The text is the
 * same on every page and in every build, so the Content-Security-Policy allows it by one hash.
 * It adds the theme's whole stylesheet first (`data-style`): the page inlines only the rules its
 * own markup needs, the stylesheet brings the rest (what the client shows later) and is cached
 * across pages; fetched after the paint, it never holds the text back.
 *
 * Short names, since every page carries it: `w` counts the two events still awaited (the load
 * event, the first contentful paint; `e` is called on each), and is -1 once `g` started the
 * client; `a` reads an attribute of the script element, `c` adds an element to the head, `u` is
 * the entry's address, which the preloaded modules' names are relative to. Arrow functions: a
 * browser without them could not run the client's modules either.
 */
export const CLIENT_LOADER_SCRIPT = `((s,d)=>{var w=2,a=n=>s.getAttribute('data-'+n)||'',c=(t,p)=>d.head.appendChild(Object.assign(d.createElement(t),p)),u=new URL(a('${ENTRY}'),location.href),g=()=>{if(w<0)return;w=-1;a('${STYLE}')&&c('link',{rel:'stylesheet',href:a('${STYLE}')});a('${PRELOAD}').split(' ').forEach(h=>h&&c('link',{rel:'modulepreload',href:new URL(h,u)}));c('script',{type:'module',src:a('${ENTRY}')})},e=()=>--w||setTimeout(g),P=window.PerformanceObserver;d.readyState=='complete'?e():addEventListener('load',e);(P&&P.supportedEntryTypes||[]).indexOf('paint')<0?e():new P((l,o)=>{l.getEntriesByName('first-contentful-paint').length&&(o.disconnect(),e())}).observe({type:'paint',buffered:!0});setTimeout(g,3e3)})(document.currentScript,document)`

/**
 * The loader's element: the entry, its static imports and the stylesheet as attributes, read by
 * the script above. The imports sit in the entry's folder, so each is written as its name there
 * (`chunk.X.js`, a URL relative to the entry's) rather than with the folder again: 15 bytes and
 * more an import, on every page.
 */
export function clientLoaderTag(entry: string, preload: readonly string[], stylesheet?: string): string {
  const style = stylesheet ? ` ${CLIENT_STYLE_ATTR}="${escapeHtml(stylesheet)}"` : ''
  const folder = entry.slice(0, entry.lastIndexOf('/') + 1)
  const names = preload.map((p) => (p.startsWith(folder) && !p.slice(folder.length).includes(':') ? p.slice(folder.length) : p))
  return `<script ${CLIENT_ENTRY_ATTR}="${escapeHtml(entry)}" ${CLIENT_PRELOAD_ATTR}="${escapeHtml(names.join(' '))}"${style}>${CLIENT_LOADER_SCRIPT}</script>`
}

