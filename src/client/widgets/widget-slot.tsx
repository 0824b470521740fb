import { useEffect, useRef } from 'react'
import { WIDGET_ATTR } from '../../shared/markup.js'
import { mountWidget, type MountedWidget } from './mount.js'
import { widgetEntry } from './registry.js'

/**
 * Where a layout puts a reader widget. The server renders the empty placeholder (sized by the
 * theme per widget, so nothing moves when the widget arrives) and the client's first render is
 * the same; the widget mounts after hydration by its registry entry's rule. A name the
 * registry does not know renders nothing, so the build may name a widget before it exists.
 */
export function WidgetSlot({ name, props }: { name: string; props?: Record<string, unknown> }) {
  const ref = useRef<HTMLDivElement>(null)
  const widget = useRef<MountedWidget>(undefined)
  const known = !!widgetEntry(name)
  // Props compared by value (layouts pass fresh objects on every render), handed on as they are.
  const propsKey = JSON.stringify(props ?? {})
  const latest = useRef<Record<string, unknown>>({})
  latest.current = props ?? {}

  useEffect(() => {
    if (!known || !ref.current) return
    const mounted = mountWidget(ref.current, name, { props: latest.current, html: '' })
    widget.current = mounted
    return () => {
      widget.current = undefined
      mounted.unmount()
    }
    // Mounted once per name; new props go through `update` below.
  }, [name, known])

  useEffect(() => {
    widget.current?.update(latest.current)
  }, [propsKey])

  if (!known) return null
  // Keyed by name: another widget gets a fresh element, never one an old root still holds.
  return <div key={name} ref={ref} className="widget-slot" {...{ [WIDGET_ATTR]: name }} />
}
