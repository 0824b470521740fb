import type { RouteData } from '../../shared/types.js'

/**
 * Behaviours attached to the rendered article after each navigation (code copy buttons,
 * image zoom, copy protection). Placeholder until the page-behaviours feature lands.
 */
export function usePageBehaviours(_route: RouteData): void {}
