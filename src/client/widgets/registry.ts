import type { ComponentType } from 'react'

/** What a widget or island component receives. */
export interface WidgetProps {
  /** A slot's props (from its layout), or an island's props (the JSON the build wrote). */
  props: Record<string, unknown>
  /** An island's rendered markdown body (its fallback's `[data-island-body]`); '' for slots. */
  html: string
}

/**
 * When a widget loads after hydration: `hydrated` at once, `idle` when the browser is idle,
 * `visible` when its element nears the viewport.
 */
export type MountRule = 'hydrated' | 'idle' | 'visible'

export interface WidgetEntry {
  mount: MountRule
  /** A dynamic import, so esbuild gives the widget a chunk of its own. */
  load: () => Promise<{ default: ComponentType<WidgetProps> }>
}

/**
 * Every widget and island, by name. A widget's entry file is `<name>/<name>.tsx`, so its chunk
 * is `assets/js/<name>.<hash>.js` (esbuild names a lazily loaded chunk after its file).
 */
export const WIDGETS: Readonly<Record<string, WidgetEntry>> = {
  spoiler: { mount: 'visible', load: () => import('./spoiler/spoiler.js') },
  demo: { mount: 'visible', load: () => import('./demo/demo.js') },
  'click-effect': { mount: 'idle', load: () => import('./click-effect/click-effect.js') },
  mascot: { mount: 'idle', load: () => import('./mascot/mascot.js') },
  valine: { mount: 'visible', load: () => import('./valine/valine.js') },
  vssue: { mount: 'visible', load: () => import('./vssue/vssue.js') },
}

export function widgetEntry(name: string): WidgetEntry | undefined {
  return Object.hasOwn(WIDGETS, name) ? WIDGETS[name] : undefined
}
