/**
 * The rendered markdown body. The HTML comes from the build; on hydration the client passes
 * the DOM's own HTML back, so React leaves it untouched and no page chunk is needed on first load.
 */
export function Content({ html }: { html: string }) {
  return <div className="content" data-gn-content="" dangerouslySetInnerHTML={{ __html: html }} />
}
