import { useId, useState } from 'react'
import type { WidgetProps } from '../types.js'

/**
 * The `::: spoiler [title]` island: the body stays hidden until the reader presses 显示答案.
 * Without JavaScript the build's fallback, a <details>, does the same job.
 */
export default function Spoiler({ props, html }: WidgetProps) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const title = typeof props.title === 'string' && props.title ? props.title : '答案'
  return (
    <div className="custom-block spoiler">
      <p className="custom-block-title">{title}</p>
      <button type="button" className="spoiler-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? '隐藏答案' : '显示答案'}
      </button>
      <div id={id} className="spoiler-body" hidden={!open} dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  )
}
