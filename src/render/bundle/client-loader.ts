import { CLIENT_ENTRY_ATTR, CLIENT_PRELOAD_ATTR, CLIENT_STYLE_ATTR } from '../../shared/markup.js'
import { escapeHtml } from '../../shared/escape.js'

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
 */
export const CLIENT_LOADER_SCRIPT = `(function(s){var started=0,loaded=document.readyState==='complete',painted=0;function link(r,h){if(h){var l=document.createElement('link');l.rel=r;l.href=h;document.head.appendChild(l)}}function start(){if(started)return;started=1;link('stylesheet',s.getAttribute('${CLIENT_STYLE_ATTR}'));var p=(s.getAttribute('${CLIENT_PRELOAD_ATTR}')||'').split(' ');for(var i=0;i<p.length;i++)link('modulepreload',p[i]);var m=document.createElement('script');m.type='module';m.src=s.getAttribute('${CLIENT_ENTRY_ATTR}');document.head.appendChild(m)}function ready(){if(loaded&&painted)setTimeout(start)}addEventListener('load',function(){loaded=1;ready()});var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(list,o){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();painted=1;ready()}}).observe({type:'paint',buffered:true});else painted=1;ready();setTimeout(start,3000)})(document.currentScript)`

/** The loader's element: the entry, its static imports and the stylesheet as attributes, read by the script above. */
export function clientLoaderTag(entry: string, preload: readonly string[], stylesheet?: string): string {
  const style = stylesheet ? ` ${CLIENT_STYLE_ATTR}="${escapeHtml(stylesheet)}"` : ''
  return `<script ${CLIENT_ENTRY_ATTR}="${escapeHtml(entry)}" ${CLIENT_PRELOAD_ATTR}="${escapeHtml(preload.join(' '))}"${style}>${CLIENT_LOADER_SCRIPT}</script>`
}
