import type { ComponentType } from 'react'
import type { WidgetName } from '../../shared/widgets/names.js'

/**
 * What a widget or island component receives. `P` is the widget's own props type: the build
 * resolves them from the widget's declaration (src/shared/widgets), so the widget reads them as
 * they come, with no check or defaults of its own.
 */
export interface WidgetProps<P = Record<string, unknown>> {
  /** A slot's props (from its layout), or an island's props (the JSON the build wrote). */
  props: P
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
  /** A dynamic import, so esbuild gives the widget a chunk of its own (its props are its own type). */
  load: () => Promise<{ default: ComponentType<WidgetProps<never>> }>
}

/** One entry per widget name: a name in the list and not here (or here and not in the list) does not compile. */
export type WidgetRegistry = Readonly<Record<WidgetName, WidgetEntry>>

/**
 * Every widget and island, by name. A widget's entry file is `<name>/<name>.tsx`, so its chunk
 * is `assets/js/<name>.<hash>.js` (esbuild names a lazily loaded chunk after its file).
 */
export const WIDGETS = {
  spoiler: { mount: 'visible', load: () => import('./spoiler/spoiler.js') },
  demo: { mount: 'visible', load: () => import('./demo/demo.js') },
  'click-effect': { mount: 'idle', load: () => import('./click-effect/click-effect.js') },
  mascot: { mount: 'idle', load: () => import('./mascot/mascot.js') },
  valine: { mount: 'visible', load: () => import('./valine/valine.js') },
  vssue: { mount: 'visible', load: () => import('./vssue/vssue.js') },
} as const satisfies WidgetRegistry

/** A name's entry; undefined for a name the registry does not know (route data from another build). */
export function widgetEntry(name: string): WidgetEntry | undefined {
  return Object.hasOwn(WIDGETS, name) ? (WIDGETS as WidgetRegistry)[name as WidgetName] : undefined
}
