import type { ComponentType } from 'react'

// The widgets' contract, apart from the registry (registry.ts) so that a widget can name its
// props without importing the registry that loads it.

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
