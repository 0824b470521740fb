// The one list lives in src/shared (the config names the comment widgets too); layouts import it from here.
export { COMMENT_WIDGETS, type CommentWidget, ISLAND_WIDGETS, type IslandWidget, OVERLAY_WIDGETS, type OverlayWidget, WIDGET_NAMES, type WidgetName } from '../../shared/widgets/names.js'
