/**
 * Comment HTML as the comment box (widget A's bodies and preview) and the owner's admin page
 * show it: the one place either puts a comment's HTML into the page, through
 * DOMPurify in the browser with the comment service's own allow-list
 * (`src/shared/comment-markup.ts`): the service has sanitised stored comments already, this is
 * the second layer (for stores written some other way), and the preview shows what the service
 * will keep. Links that leave the page open in a new tab with the shared `rel`; only the reply
 * marker keeps its `#id` in the page. Every image gets the shared `referrerpolicy`, `loading`
 * and size, as the service writes them, whatever the stored markup says.
 */
import type { Config, DOMPurify } from 'dompurify'
import { attributeRule, COMMENT_ELEMENTS, DROPPED_WITH_CONTENT, imageAttributes, keptValue, leavesPage, LINK_REL, LINK_TARGET } from '../../../shared/comment-markup.js'
import { safeHtml } from './safe-html.js'

const DROPPED = new Set(DROPPED_WITH_CONTENT)

const OPTIONS: Config = {
  ALLOWED_TAGS: Object.keys(COMMENT_ELEMENTS),
  ALLOWED_ATTR: [...new Set(Object.keys(COMMENT_ELEMENTS).flatMap((element) => Object.keys(COMMENT_ELEMENTS[element])))],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Parsed as body content: a leading <noscript> or <style> is not hoisted into a head (where its content would escape it).
  FORCE_BODY: true,
}

/** Pasted images show in the preview as data URLs of this machine; they are never posted. */
const isPastedImage = (element: string, attr: string, value: string) => element === 'img' && attr === 'src' && /^data:image\//i.test(value)

/** The allow-list's per-element rules as DOMPurify hooks, plus `target`/`rel` on links that leave the page. */
function hooks(withPastedImages: boolean) {
  return (p: DOMPurify) => {
    // Emptied before DOMPurify removes them, so their content goes too (DOMPurify's own list lacks some).
    p.addHook('uponSanitizeElement', (node, data) => {
      if (DROPPED.has(data.tagName)) (node as Element).replaceChildren()
    })
    p.addHook('uponSanitizeAttribute', (node, data) => {
      const element = node.nodeName.toLowerCase()
      if (withPastedImages && isPastedImage(element, data.attrName, data.attrValue)) return
      const rule = attributeRule(element, data.attrName)
      const value = rule && keptValue(rule, data.attrValue)
      if (value === undefined) data.keepAttr = false
      else data.attrValue = value
    })
    p.addHook('afterSanitizeAttributes', (node) => {
      // An image without a source it may show is no image (as on the service).
      if (node.tagName === 'IMG') {
        if (!node.hasAttribute('src')) return void node.remove()
        for (const [attr, value] of imageAttributes({ width: node.getAttribute('width'), height: node.getAttribute('height') })) node.setAttribute(attr, value)
        return
      }
      const href = node.tagName === 'A' ? node.getAttribute('href') : null
      if (href === null || !leavesPage(href)) return
      node.setAttribute('target', LINK_TARGET)
      node.setAttribute('rel', LINK_REL)
    })
  }
}

/** Comment HTML made safe: the elements and attributes of the shared allow-list, nothing else. */
export const { sanitize: sanitizeHtml, SafeHtml } = safeHtml({ options: OPTIONS, hooks: hooks(false), trim: true })

/** The same for the preview, which also shows the reader's pasted images. */
export const { SafeHtml: SafePreview } = safeHtml({ options: OPTIONS, hooks: hooks(true), trim: true })
