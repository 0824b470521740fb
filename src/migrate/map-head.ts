import type { HeadTag } from '../shared/site-config.js'
import { isExternal } from '../shared/paths.js'
import { type Findings, keyPath } from './findings.js'
import { isObject } from './values.js'

const CSP = "gptnotes pages load scripts, stylesheets and icons from the site only (their Content-Security-Policy refuses other hosts, and readers in mainland China may not reach them)"

/**
 * VuePress's `head` tags, kept as they are (with the base before site paths, as VuePress put it)
 * except those that would load from another host, which the site's policy refuses: they are left
 * out and reported.
 */
export function mapHead(value: unknown, base: string, findings: Findings): HeadTag[] {
  if (!Array.isArray(value)) {
    if (value !== undefined) findings.dropped('head', 'head must be a list of [tag, attributes] tags')
    return []
  }
  const out: HeadTag[] = []
  value.forEach((tag, i) => {
    const at = keyPath('head', i)
    if (!Array.isArray(tag) || typeof tag[0] !== 'string' || (tag[1] !== undefined && !isObject(tag[1]))) return findings.dropped(at, 'a head tag is [tag, attributes] or [tag, attributes, content]')
    const [name, rawAttrs = {}, content] = tag as [string, Record<string, unknown>, unknown]
    const attrs: Record<string, string | boolean> = {}
    for (const [k, v] of Object.entries(rawAttrs)) {
      if (typeof v === 'string' || typeof v === 'boolean') attrs[k] = v
      else if (typeof v === 'number') attrs[k] = String(v)
      else findings.dropped(keyPath(`${at}[1]`, k), 'an attribute value must be text')
    }
    const address = name === 'script' ? attrs.src : name === 'link' && /stylesheet|icon|preload|modulepreload/.test(String(attrs.rel)) ? attrs.href : undefined
    if (typeof address === 'string' && isExternal(address)) {
      return findings.dropped(`${at} (${name} ${address})`, CSP, name === 'script' ? 'copy the file into content/public/ and load it from there, or leave it out (a counter or analytics script reaches its host anyway and stays refused)' : 'copy the file into content/public/ and link it from there')
    }
    // VuePress prefixed the base to a head tag's src and href that start with / (App.normalizeHeadTagUrls); gptnotes writes them as they are.
    for (const name of ['src', 'href']) {
      const written = attrs[name]
      if (typeof written !== 'string' || !written || isExternal(written) || /^(data:|#|mailto:)/i.test(written)) continue
      if (written.startsWith('/') && base !== '/') {
        attrs[name] = base + written.slice(1)
        findings.mapped(keyPath(`${at}[1]`, name), keyPath(keyPath(keyPath('head', out.length), 1), name), `VuePress put the base before it; the address is written with it: ${attrs[name]}`)
      } else if (!written.startsWith('/')) {
        // A relative address (`favicon.ico`) reached .vuepress/public/ only from the pages at the
        // site's root; every page of a folder asked its own folder for it.
        attrs[name] = base + written.replace(/^(\.\/)+/, '')
        findings.mapped(keyPath(`${at}[1]`, name), keyPath(keyPath(keyPath('head', out.length), 1), name), `a relative address found the file from the root's pages only; it is written from the site's root: ${attrs[name]}`)
      }
    }
    if (typeof content === 'string' && content) {
      const hosts = [...new Set([...content.matchAll(/https?:\/\/[^/'"`\s]+/g)].map((m) => m[0]))]
      if (name === 'script' && hosts.length)
        findings.mapped(at, keyPath('head', out.length), `the inline script is kept (the policy allows it by its hash), but what it loads from ${hosts.join(', ')} is refused`, 'leave it out if that is all it does')
      out.push([name, attrs, content])
    } else out.push([name, attrs])
  })
  return out
}
