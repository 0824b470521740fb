/**
 * The one way a widget puts foreign HTML into the page: DOMPurify in the browser, with the
 * widget's own policy (what it keeps, its hooks), behind a `SafeHtml` element that is the
 * widget's only `dangerouslySetInnerHTML`. Each widget gets its own DOMPurify instance, so one
 * widget's hooks never run on another's HTML.
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify'
import { createElement, useMemo, type HTMLAttributes } from 'react'

export interface HtmlPolicy {
  /** DOMPurify's settings for every call. */
  options: Config
  /** Adds the widget's hooks to its instance, once, on first use. */
  hooks?: (purifier: Purifier) => void
  /** Whitespace at the ends of the result is dropped. */
  trim?: boolean
}

export type SafeHtmlProps = { html: string; tag?: 'div' | 'span' } & HTMLAttributes<HTMLElement>

/** `sanitize` for `policy`, and the `SafeHtml` element that shows what it returns. */
export function safeHtml(policy: HtmlPolicy) {
  let purifier: Purifier | undefined
  const instance = (): Purifier => {
    if (purifier) return purifier
    const p = DOMPurify(window)
    policy.hooks?.(p)
    return (purifier = p)
  }

  function sanitize(html: string): string {
    const clean = instance().sanitize(html, { ...policy.options, RETURN_DOM: false, RETURN_DOM_FRAGMENT: false, RETURN_TRUSTED_TYPE: false })
    return policy.trim ? clean.replace(/^\s+|\s+$/g, '') : clean
  }

  /** A `<div>` (or `tag`) holding sanitised HTML. */
  function SafeHtml({ html, tag = 'div', ...rest }: SafeHtmlProps) {
    // Once per body, not on every render (cards re-render as their times tick).
    const __html = useMemo(() => sanitize(html), [html])
    return createElement(tag, { ...rest, dangerouslySetInnerHTML: { __html } })
  }

  return { sanitize, SafeHtml }
}
