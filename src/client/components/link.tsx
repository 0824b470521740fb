import type { ReactNode } from 'react'
import { isExternal, withBase } from '../../shared/paths.js'
import { useSite } from '../context.js'

/** A link to a base-relative route, or an external link that opens safely in a new tab. */
export function Link({ to, children, className, ariaCurrent }: { to: string; children: ReactNode; className?: string; ariaCurrent?: boolean }) {
  const site = useSite()
  if (isExternal(to)) {
    return (
      <a href={to} className={className} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    )
  }
  return (
    <a href={withBase(site.base, to)} className={className} aria-current={ariaCurrent ? 'page' : undefined}>
      {children}
    </a>
  )
}
