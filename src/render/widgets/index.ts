/**
 * The widgets' build hooks, by name (only the widgets that have any), and each widget's settings
 * for one build. The declarations are the list in src/shared/widgets/index.ts; the stages loop
 * over it (site/client-site.ts, site/route-widgets.ts, headers/origins.ts, outputs/widget-assets.ts)
 * and name no widget.
 */
import type { SiteConfig } from '../../shared/types.js'
import type { Placement, WidgetBuild, WidgetDeclaration } from '../../shared/widgets/define.js'
import { WIDGET_LIST, type WidgetName } from '../../shared/widgets/index.js'
import type { BuildHooks } from './hooks.js'
import { mascotHooks } from './mascot.js'
import { valineHooks } from './valine.js'

export type { AssetsInput, BuildHooks } from './hooks.js'

export const WIDGET_HOOKS: Readonly<Partial<Record<WidgetName, BuildHooks>>> = {
  mascot: mascotHooks,
  valine: valineHooks,
}

/** The hooks, each with its widget's name. */
export const HOOKS: readonly [WidgetName, BuildHooks][] = Object.entries(WIDGET_HOOKS).flatMap(([name, hooks]) => (hooks ? [[name as WidgetName, hooks] as [WidgetName, BuildHooks]] : []))

/** A declaration as the loops see it: settings of any type, the whole config handed in. */
export type AnyWidget = WidgetDeclaration<WidgetName, any, SiteConfig, Placement>

/** The declarations, in list order (the order of each route's slots). */
export const WIDGETS: readonly AnyWidget[] = WIDGET_LIST

/** One build's settings of the widgets the config turns on (a widget left out is off), by name. */
export type WidgetSettings = ReadonlyMap<WidgetName, unknown>

/** Each widget's settings for this config and build; the widgets whose `settings` give undefined are off. */
export function widgetSettings(config: SiteConfig, build: WidgetBuild = {}): WidgetSettings {
  const settings = new Map<WidgetName, unknown>()
  for (const w of WIDGETS) {
    if (w.placement === 'island' || !w.settings) continue
    const s = w.settings(config, build)
    if (s !== undefined) settings.set(w.name, s)
  }
  return settings
}

/** The declarations of the widgets that are on, each with its settings, in list order. */
export function widgetsOn(settings: WidgetSettings): [AnyWidget, unknown][] {
  return WIDGETS.flatMap((w) => (settings.has(w.name) ? [[w, settings.get(w.name)] as [AnyWidget, unknown]] : []))
}

/** Whether a widget the config turns on leaves its comment service to the build (`gptnotes serve` runs one). */
export function needsCommentService(config: SiteConfig): boolean {
  return HOOKS.some(([, hooks]) => hooks.needsService?.(config) ?? false)
}

/** The output folders the widgets' assets hooks fill with content-hashed names only. */
export const WIDGET_HASHED_DIRS: readonly string[] = HOOKS.flatMap(([, hooks]) => hooks.hashedDirs ?? [])
