import type { WidgetName } from '../../shared/widgets/index.js'
import type { WidgetEntry } from './types.js'

export type { MountRule, WidgetEntry, WidgetProps } from './types.js'

/** One entry per widget name: a name in the list and not here (or here and not in the list) does not compile. */
export type WidgetRegistry = Readonly<Record<WidgetName, WidgetEntry>>

/**
 * Every widget and island, by name. A widget's entry file is `<name>/<name>.tsx`, so its chunk
 * is `assets/js/<name>.<hash>.js` (esbuild names a lazily loaded chunk after its file).
 */
export const WIDGETS = {
  spoiler: { mount: 'visible', load: () => import('./spoiler/spoiler.js') },
  demo: { mount: 'visible', load: () => import('./demo/demo.js') },
  password: { mount: 'hydrated', load: () => import('./password/password.js') },
  'click-effect': { mount: 'idle', load: () => import('./click-effect/click-effect.js') },
  mascot: { mount: 'idle', load: () => import('./mascot/mascot.js') },
  'copy-protection': { mount: 'hydrated', load: () => import('./copy-protection/copy-protection.js') },
  valine: { mount: 'visible', load: () => import('./valine/valine.js') },
  vssue: { mount: 'visible', load: () => import('./vssue/vssue.js') },
} as const satisfies WidgetRegistry

/** A name's entry; undefined for a name the registry does not know (route data from another build). */
export function widgetEntry(name: string): WidgetEntry | undefined {
  return Object.hasOwn(WIDGETS, name) ? (WIDGETS as WidgetRegistry)[name as WidgetName] : undefined
}
