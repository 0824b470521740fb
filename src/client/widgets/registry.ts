import type { WidgetEntry } from './types.js'

export type { MountRule, WidgetEntry, WidgetProps } from './types.js'

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
