import { createHash } from 'node:crypto'

/** What the site's Content-Security-Policy is made from; everything else in it is fixed. */
export interface PolicyInput {
  /** `config.hostname`: an https origin turns on `upgrade-insecure-requests`. */
  hostname: string
  /** The text of every inline script the pages carry (allowed by hash, never by 'unsafe-inline'). */
  inlineScripts: readonly string[]
  /** Other hosts images may come from (content images, comment avatars). */
  imageOrigins: readonly string[]
  /** Other hosts scripts may talk to (comment services, platform APIs). */
  connectOrigins: readonly string[]
}

/** The CSP source of an inline script: its SHA-256, as browsers compute it over the UTF-8 text. */
export const scriptHash = (code: string): string => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`

const unique = (list: readonly string[]): string[] => [...new Set(list)].sort()

/**
 * The site-wide policy. Scripts: the site's own files and the inline ones by hash. Styles keep
 * 'unsafe-inline': React writes `style` attributes and widgets inject `<style>` elements, and
 * a style cannot run code. `frame-src 'self'` is the demo block's frame (a srcdoc frame inherits
 * this policy; its scripts are files of the site). Nothing else loads from another host unless
 * the content or the comment widgets name it.
 */
export function contentSecurityPolicy(input: PolicyInput): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...unique(input.inlineScripts.map(scriptHash))]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...unique(input.imageOrigins)]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...unique(input.connectOrigins)]],
    ['frame-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ]
  if (input.hostname.startsWith('https://')) directives.push(['upgrade-insecure-requests', []])
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ')
}
