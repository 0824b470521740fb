/**
 * Markup the build writes and the client, the search and the link checker look for. One place,
 * so a producer and its readers cannot drift apart; the stylesheets use the same names.
 */

/** Class of the `#` link the build puts at the start of every h2–h6. */
export const HEADER_ANCHOR_CLASS = 'header-anchor'

/** Class of the `[[toc]]` list's `<nav>`. */
export const TOC_CLASS = 'table-of-contents'

/** Class of the wrapper around a highlighted code block (the copy button goes inside it). */
export const CODE_BLOCK_CLASS = 'code-block'

/** Attribute of the element that holds the rendered markdown body. */
export const CONTENT_ATTR = 'data-gn-content'
export const CONTENT_SELECTOR = `[${CONTENT_ATTR}]`

/** Island markers in the body: the island's name, its props (JSON) and its body's element (hast writes them as `dataIsland`, `dataIslandProps`, `dataIslandBody`). */
export const ISLAND_ATTR = 'data-island'
export const ISLAND_PROPS_ATTR = 'data-island-props'
export const ISLAND_BODY_ATTR = 'data-island-body'

/** Attribute naming the widget an overlay slot holds. */
export const WIDGET_ATTR = 'data-widget'

/** Id of the inline JSON script with the page's site and route data. */
export const DATA_SCRIPT_ID = '__GPTNOTES_DATA__'

/** Id of the `<main>` element: the skip link's and back-to-top's focus target. */
export const MAIN_CONTENT_ID = 'main-content'

/** localStorage key of the reader's colour scheme choice (`dark` or `light`). */
export const THEME_KEY = 'gptnotes-theme'

/** Class on `<html>` while dark mode is on. */
export const DARK_CLASS = 'dark'

/**
 * Attributes of the inline script that loads the client after the first paint: the entry
 * module's address, and the space-separated addresses of its static imports (preloaded with it),
 * relative to the entry's (their names in its folder).
 */
export const CLIENT_ENTRY_ATTR = 'data-entry'
export const CLIENT_PRELOAD_ATTR = 'data-preload'
/** The loader's attribute naming the theme's whole stylesheet, added with the client (the page inlines its own share). */
export const CLIENT_STYLE_ATTR = 'data-style'

/**
 * A `<code-group>`'s markup (VuePress's tabs of code blocks): the group's element carries the
 * attribute; its children are, for each `<code-block>`, a title paragraph and the panel holding
 * the block, the one written `active` marked. The client's tab behaviour reads them.
 */
export const CODE_GROUP_ATTR = 'data-code-group'
export const CODE_GROUP_TITLE_CLASS = 'code-group-title'
export const CODE_GROUP_PANEL_CLASS = 'code-group-panel'
export const CODE_GROUP_ACTIVE_ATTR = 'data-active'

/**
 * The window event `serve`'s page script sends after an edit of the page's body alone, with the
 * page's new HTML (`detail.html`): the router takes it (cancels the event and puts its work's
 * promise in `detail.done`) and shows the new content without a full reload.
 */
export const DEV_REFRESH_EVENT = 'gptnotes:refresh'
