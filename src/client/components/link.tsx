import type { CSSProperties, ReactNode } from 'react'
import { isExternal, withBase } from '../../shared/paths.js'
import { useSite } from '../context.js'

/** A link to a base-relative route, or an external link that opens safely in a new tab. */
export function Link({
  to,
  children,
  className,
  ariaCurrent,
  style,
}: {
  to: string
  children: ReactNode
  className?: string
  ariaCurrent?: boolean
  style?: CSSProperties
}) {
  const site = useSite()
  if (isExternal(to)) {
    return (
      <a href={to} className={className} style={style} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    )
  }
  return (
    <a href={withBase(site.base, to)} className={className} style={style} aria-current={ariaCurrent ? 'page' : undefined}>
      {children}
    </a>
  )
}
