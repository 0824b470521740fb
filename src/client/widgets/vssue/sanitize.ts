/**
 * The one place widget B puts HTML into the page: the platform's rendered comment bodies
 * (GitHub's `body_html`, GitLab's rendered markdown…), through the kit's DOMPurify policy, so a
 * compromised platform or a crafted comment cannot run script here. Links open in a new tab with
 * `rel="nofollow noopener noreferrer"`. Platform HTML is not the comment service's markup, so
 * its own policy, not the shared comment allow-list.
 */
import { safeHtml } from '../kit/safe-html.js'

const LINK_REL = 'nofollow noopener noreferrer'

/** Platform HTML made safe: no scripts, handlers, styles, forms or frames; links and images http(s). */
export const { sanitize: sanitizeHtml, SafeHtml } = safeHtml({
  options: {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math', 'video', 'audio', 'source'],
    FORBID_ATTR: ['style', 'srcset'],
    ADD_ATTR: ['target'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
  },
  hooks(p) {
    p.addHook('uponSanitizeAttribute', (_node, data) => {
      // Ids and classes could collide with the page's own (or restyle it): none are kept.
      if (data.attrName === 'id' || data.attrName === 'class' || data.attrName === 'name') data.keepAttr = false
    })
    p.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank')
        node.setAttribute('rel', LINK_REL)
      }
    })
  },
})

/** An http(s) address, or undefined: usernames' links and avatars never take another scheme. */
export function httpUrl(value: string): string | undefined {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}
