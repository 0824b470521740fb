/**
 * A reader widget, declared once for the whole pipeline: where it goes, what it makes of the
 * config, what every page and each route hand it, and which hosts its browser code reaches.
 * Pure: the build runs these functions, the browser gets only what they return. What needs Node
 * (files to copy, bundler plugins, the comment service) is the widget's build hooks
 * (src/render/widgets/<name>.ts). The recipe: src/client/widgets/README.md.
 *
 * The types here are structural (no import of the config's or the routes' types), so a
 * declaration sits beside its schema and the config's type, which is made of the schemas,
 * never imports back from the declarations.
 */

/**
 * Where a widget shows: `overlay` a slot of the global overlay (above every page); `article-end`
 * a slot after the article (the comment widgets, one of which `themeConfig.comments.solution`
 * picks); `island` a block inside rendered markdown (its props come from the markdown's
 * containers, src/render/markdown/containers.ts, not from the functions here).
 */
export type Placement = 'overlay' | 'article-end' | 'island'

/** What a declaration reads of a route's data (the build's `RouteData`). */
export interface WidgetRoute {
  kind: string
  /** Base-relative, percent-encoded. */
  path: string
  page?: { title: string; frontmatter: Readonly<Record<string, unknown>> }
}

/** What the build tells the declarations beside the config. */
export interface WidgetBuild {
  /** The comment service the build itself runs (`gptnotes serve`), if any. */
  commentService?: string
}

/** An origin of an http(s) address, or undefined; the build's (it has a URL parser). */
export type OriginOf = (address: string) => string | undefined

/** The hosts a widget's browser code reaches, for the Content-Security-Policy. */
export interface WidgetOrigins {
  connect?: string[]
  img?: string[]
}

/**
 * One widget. `S` is what it makes of the config (its settings: resolved, per locale where it
 * has locales); `undefined` from `settings` turns it off for the whole site.
 */
export interface WidgetDeclaration<N extends string = string, S = unknown, C = never, P extends Placement = Placement> {
  name: N
  placement: P
  /** The widget's settings from the checked config (`C`: the part of `SiteConfig` it reads), or undefined when it is off. */
  settings?(config: C, build: WidgetBuild): S | undefined
  /** What every page carries for it in the site data (`ClientSite.widgets[name].data`); absent: nothing. */
  clientData?(settings: S): unknown
  /**
   * A route's props, or undefined when the route does not mount it. Absent: an overlay widget
   * mounts on every page (home and articles) with its site data as props.
   */
  routeProps?(route: WidgetRoute, settings: S, base: string): object | undefined
  /** What it adds to the site data besides its own record (widget A's visitor counters). */
  siteData?(settings: S): Record<string, unknown>
  /** What it marks on the route table besides the props (widget A's visitor counter on articles and post lists). */
  markRoutes?(routes: readonly { data: object }[], settings: S): void
  /** The hosts it talks to, for the Content-Security-Policy. */
  origins?(settings: S, originOf: OriginOf): WidgetOrigins
}

/** Declares a widget (the identity: it gives the declaration its type, name literal included). */
export const defineWidget = <const N extends string, const P extends Placement, S = undefined, C = never>(declaration: WidgetDeclaration<N, S, C, P>): WidgetDeclaration<N, S, C, P> => declaration
