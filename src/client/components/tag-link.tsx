import { tagColor } from '../../shared/tag-color.js'
import { Link } from './link.js'

/** A tag chip in its stable accent colour, linking to the tag's page. */
export function TagLink({ tag }: { tag: string }) {
  return (
    <Link to={`/tag/${encodeURIComponent(tag)}/`} className="tag" style={{ '--tag-color': tagColor(tag) } as React.CSSProperties}>
      {tag}
    </Link>
  )
}
