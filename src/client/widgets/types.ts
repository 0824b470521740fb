import type { ComponentType } from 'react'

// The widgets' contract, apart from the registry (registry.ts) so that a widget can name its
// props without importing the registry that loads it.

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
