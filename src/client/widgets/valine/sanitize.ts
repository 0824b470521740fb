/**
 * The one place the box puts HTML into the page: comment bodies and the preview, through
 * DOMPurify in the browser (the service has sanitised stored comments already; this is the
 * second layer, for stores written some other way). Links open in a new tab and carry
 * `rel="ugc nofollow noopener noreferrer"`; only the reply marker keeps its `#id` in the page.
 */
import DOMPurify from 'dompurify'
import { createElement, useMemo, type HTMLAttributes } from 'react'

const LINK_REL = 'ugc nofollow noopener noreferrer'
let purifier: ReturnType<typeof DOMPurify> | undefined

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier
  const p = DOMPurify(window)
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    // `class` only for the reply marker and code languages, ids only for `v-` headings.
    if (data.attrName === 'class') {
      const kept = data.attrValue.split(/\s+/).filter((c) => c === 'at' || /^(?:language|lang|hljs)-[\w+#.-]{1,40}$/.test(c))
      data.attrValue = kept.join(' ')
      data.keepAttr = kept.length > 0
    } else if (data.attrName === 'id') {
      data.keepAttr = /^v-[\p{L}\p{N}_-]{0,100}$/u.test(data.attrValue)
    }
  })
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? ''
      if (href.startsWith('#')) return
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', LINK_REL)
    }
  })
  return (purifier = p)
}

/** Comment HTML made safe: no scripts, handlers, styles, forms or frames; images http(s) or pasted data. */
export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style', 'srcset'],
    ADD_ATTR: ['target'],
    // Links and images: http(s), mail, in-page and site paths (`data:` images stay allowed on <img>).
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#|\/(?!\/))/i,
  }).replace(/^\s+|\s+$/g, '')
}

/** A `<div>` (or `tag`) holding sanitised HTML: the only `dangerouslySetInnerHTML` of the box. */
export function SafeHtml({ html, tag = 'div', ...rest }: { html: string; tag?: 'div' | 'span' } & HTMLAttributes<HTMLElement>) {
  // Once per body, not on every render (the cards re-render as their times tick).
  const __html = useMemo(() => sanitizeHtml(html), [html])
  return createElement(tag, { ...rest, dangerouslySetInnerHTML: { __html } })
}
