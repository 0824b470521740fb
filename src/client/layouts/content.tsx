import { useRef } from 'react'
import { CONTENT_ATTR } from '../../shared/markup.js'
import { useIslands } from '../widgets/islands.js'

/**
 * The rendered markdown body. The HTML comes from the build; on hydration the client passes
 * the DOM's own HTML back, so React leaves it untouched and no page chunk is needed on first load.
 * Islands in it (`[data-island]`) mount after hydration and after each navigation.
 */
export function Content({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null)
  useIslands(ref, html)
  return <div ref={ref} className="content" {...{ [CONTENT_ATTR]: '' }} dangerouslySetInnerHTML={{ __html: html }} />
}
