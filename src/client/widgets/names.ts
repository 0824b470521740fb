/**
 * Names of the reader widgets that layouts place in slots. Plain data, so the build (which
 * decides each route's widgets) can import it without pulling in any widget code.
 */

/** The comment widgets, named as `themeConfig.comments.solution` names them. */
export const COMMENT_WIDGETS = ['valine', 'vssue'] as const
export type CommentWidget = (typeof COMMENT_WIDGETS)[number]

/** Widgets of the global overlay, above every page. */
export const OVERLAY_WIDGETS = ['mascot', 'click-effect'] as const
export type OverlayWidget = (typeof OVERLAY_WIDGETS)[number]
