import { useEffect } from 'react'
import type { CopyProtection } from '../../../shared/widgets/copy-protection.js'
import type { WidgetProps } from '../types.js'
import { applyCopyProtection } from './apply.js'

/**
 * The copy protection widget: draws nothing, applies the route's options (made by the build from
 * the page's frontmatter) while mounted, and undoes them when the reader leaves for a page
 * without it or with other options.
 */
export default function CopyProtectionWidget({ props }: WidgetProps<CopyProtection>) {
  const { noSelect, noCopy, minLength, authorName } = props
  useEffect(() => applyCopyProtection({ noSelect, noCopy, minLength, authorName }), [noSelect, noCopy, minLength, authorName])
  return null
}
