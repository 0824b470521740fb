/**
 * The names of every widget and island, once. Plain data: the config (`themeConfig.comments.solution`),
 * the build (which decides each route's widgets) and the client's registry (which must have an
 * entry for each, checked by the compiler) all read this list.
 */

/** The comment widgets, named as `themeConfig.comments.solution` names them. */
export const COMMENT_WIDGETS = ['valine', 'vssue'] as const
export type CommentWidget = (typeof COMMENT_WIDGETS)[number]

/** Widgets of the global overlay, above every page. */
export const OVERLAY_WIDGETS = ['mascot', 'click-effect'] as const
export type OverlayWidget = (typeof OVERLAY_WIDGETS)[number]

/** Islands inside rendered markdown (`::: spoiler`, `::: demo`; `password`: a locked page's prompt, src/render/content/lock-page.ts). */
export const ISLAND_WIDGETS = ['spoiler', 'demo', 'password'] as const
export type IslandWidget = (typeof ISLAND_WIDGETS)[number]

export const WIDGET_NAMES = [...COMMENT_WIDGETS, ...OVERLAY_WIDGETS, ...ISLAND_WIDGETS] as const
export type WidgetName = (typeof WIDGET_NAMES)[number]
