import type { ComponentType } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { whenIdle } from '../lazy.js'
import { reportWidgetError, WidgetBoundary } from './boundary.js'
import { type MountRule, widgetEntry, type WidgetProps } from './registry.js'

/** How far outside the viewport a `visible` widget starts loading. */
const VISIBLE_MARGIN = '400px 0px'
let roots = 0

/** Calls `start` once, when `rule` says; returns a cancel. */
function schedule(rule: MountRule, el: Element, start: () => void): () => void {
  if (rule === 'idle') return whenIdle(start)
  if (rule === 'visible' && typeof IntersectionObserver === 'function') {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        observer.disconnect()
        start()
      },
      { rootMargin: VISIBLE_MARGIN },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }
  start()
  return () => {}
}

export interface MountedWidget {
  /** Render the widget again with new props (before it has loaded: load with these). */
  update(props: Record<string, unknown>): void
  unmount(): void
}

/**
 * Mounts widget `name` into `el` as a React root of its own, when its mounting rule says. What
 * `el` holds until then (an island's fallback, a slot's nothing) stays until the widget's first
 * render, and comes back if the chunk or the widget fails; a failure logs one line.
 */
export function mountWidget(el: HTMLElement, name: string, initial: WidgetProps): MountedWidget {
  const entry = widgetEntry(name)
  let input = initial
  let root: Root | undefined
  let done = false
  if (!entry) {
    reportWidgetError(name, new Error('not in the widget registry'))
    return { update() {}, unmount() {} }
  }
  const fallback = el.innerHTML
  const drop = () => {
    const r = root
    root = undefined
    // Never inside the app's own commit (this often runs from an effect's cleanup).
    if (r) setTimeout(() => r.unmount())
  }
  const fail = () => {
    if (done) return
    done = true
    const r = root
    root = undefined
    setTimeout(() => {
      r?.unmount()
      el.innerHTML = fallback
    })
  }
  let Widget: ComponentType<WidgetProps> | undefined
  const render = () => {
    if (!root || !Widget) return
    root.render(
      <WidgetBoundary name={name} onFail={fail}>
        <Widget {...input} />
      </WidgetBoundary>,
    )
  }
  const cancel = schedule(entry.mount, el, () => {
    entry.load().then(
      (mod) => {
        if (done) return
        // The props were made by the build from the widget's own declaration (src/shared/widgets).
        Widget = mod.default as ComponentType<WidgetProps>
        root = createRoot(el, {
          // Every root numbers its useId ids from the start: a prefix keeps two islands apart.
          identifierPrefix: `${name}-${++roots}-`,
          // The boundary logs; React's own report of the caught error would be a second line.
          onCaughtError: () => {},
          onUncaughtError: (err) => {
            reportWidgetError(name, err)
            fail()
          },
        })
        render()
      },
      (err) => {
        if (!done) reportWidgetError(name, err)
      },
    )
  })
  return {
    update(props) {
      input = { ...input, props }
      render()
    },
    unmount() {
      done = true
      cancel()
      drop()
    },
  }
}
