import { GptnotesError, GptnotesErrors, warningHint, type BuildWarning } from '../render/errors/index.js'
import { escapeHtml, jsonForScript } from '../shared/escape.js'
import { scriptHash } from '../render/headers/csp.js'
import { DEV_REFRESH_EVENT } from '../shared/markup.js'

/**
 * What `serve` shows in the browser: the page it answers with while the site does not build
 * (the errors as data: code, message, location, code frame, hint, stage) and the script every
 * served page gets, which reloads on a rebuild and prints the build's warnings in the console.
 */
export interface ErrorPageOptions {
  /** Show stack traces (`serve --debug`). */
  debug?: boolean
}

const STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222}' +
  'section{border-left:4px solid #c62828;padding:.25rem 1rem;margin:1.5rem 0;background:#fdf3f3}' +
  '.code{font-family:monospace;color:#c62828;margin-right:.5em}.where{font-family:monospace;color:#555}' +
  'pre{background:#fff;border:1px solid #eee;padding:.75rem;overflow:auto}.hint{color:#1b5e20}'

export function errorPage(failure: unknown, reloadUrl: string, { debug = false }: ErrorPageOptions = {}): string {
  const errors = failure instanceof GptnotesErrors ? failure.errors : [failure]
  const summary = failure instanceof GptnotesErrors ? `<p>${escapeHtml(failure.message)}</p>` : ''
  return (
    `<!DOCTYPE html><html lang="zh-CN"><meta charset="utf-8"><title>构建失败</title><style>${STYLE}</style><body><h1>构建失败</h1>` +
    summary +
    errors.map((e) => problemSection(e, debug)).join('') +
    devClient(reloadUrl) +
    '</body></html>'
  )
}

function problemSection(err: unknown, debug: boolean): string {
  const e = err instanceof Error ? err : new Error(String(err))
  const data = e instanceof GptnotesError ? e : undefined
  const stage = (e as { stage?: string }).stage
  const where = [data?.loc && `${data.loc.file}:${data.loc.line}:${data.loc.column}`, stage && `during ${stage}`].filter(Boolean).join(' · ')
  return (
    `<section><p><span class="code">${escapeHtml(data ? `[${data.code}]` : e.name)}</span><span class="message">${escapeHtml(e.message)}</span></p>` +
    (where ? `<p class="where">${escapeHtml(where)}</p>` : '') +
    (data?.frame ? `<pre class="frame">${escapeHtml(data.frame)}</pre>` : '') +
    (data?.hint ? `<p class="hint">hint: ${escapeHtml(data.hint)}</p>` : '') +
    (debug && e.stack ? `<pre class="stack">${escapeHtml(e.stack)}</pre>` : '') +
    '</section>'
  )
}

/**
 * The code of the script every served page gets: reload on `reload`; on `refresh` fetch the page
 * again and hand it to the router (`DEV_REFRESH_EVENT`), connecting again once it is shown, or
 * reload when there is no router yet, the swap fails, or the new page loads a script or
 * stylesheet this one does not have (the theme changed: its loader's `data-entry`, `data-style`); print the `warnings` event in the console.
 */
function devClientCode(eventsUrl: string): string {
  return (
    `(function(){var u=${jsonForScript(eventsUrl)};` +
    `function assets(d){var a=[];[].forEach.call(d.querySelectorAll('script[src],link[rel=stylesheet][href],script[data-entry]'),function(e){a.push(e.src||e.href||'',e.getAttribute('data-entry')||'',e.getAttribute('data-style')||'')});return a}` +
    `function refresh(s){fetch(location.href,{cache:'no-store',credentials:'same-origin'}).then(function(r){if(!r.ok)throw r.status;return r.text()}).then(function(h){` +
    `var d=new DOMParser().parseFromString(h,'text/html'),b=document.createElement('base');b.href=location.href;d.head.prepend(b);` +
    `var have=assets(document);if(!assets(d).every(function(a){return have.indexOf(a)>=0}))throw 'assets';` +
    `var e=new CustomEvent(${jsonForScript(DEV_REFRESH_EVENT)},{cancelable:true,detail:{html:h}});if(dispatchEvent(e))throw 'no router';return e.detail.done})` +
    `.then(function(){s.close();connect()},function(){location.reload()})}` +
    `function connect(){var s=new EventSource(u);` +
    `s.onmessage=function(e){if(e.data==='reload')location.reload();else if(e.data==='refresh')refresh(s)};` +
    `s.addEventListener('warnings',function(e){JSON.parse(e.data).forEach(function(w){` +
    `console.warn('gptnotes warning ['+w.code+'] '+(w.loc?w.loc.file+':'+w.loc.line+':'+w.loc.column+'  ':'')+w.message+(w.hint?'\\nhint: '+w.hint:''))})})}` +
    `connect()})()`
  )
}

/**
 * The script every served page gets, inline: the site's policy allows it by its hash (the
 * headers stage hashes every inline script of the rendered pages, this one included).
 */
export function devClient(eventsUrl: string): string {
  return `<script>${devClientCode(eventsUrl)}</script>`
}

/** The failure page's own headers: it runs nothing but the reload script and loads nothing. */
export function errorPageHeaders(eventsUrl: string): Record<string, string> {
  return {
    'content-security-policy': `default-src 'none'; script-src ${scriptHash(devClientCode(eventsUrl))}; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  }
}

/** The server-sent event that carries a build's warnings (with their hints) to open pages. */
export function warningsEvent(warnings: readonly BuildWarning[]): string {
  return `event: warnings\ndata: ${JSON.stringify(warnings.map((w) => ({ ...w, hint: warningHint(w.code) })))}\n\n`
}
