/**
 * What the comment widgets (placement `article-end`) share: `themeConfig.comments` turns one of
 * them on by name, and a page turns comments off in its frontmatter.
 */
import type { WidgetRoute } from './define.js'

/** The part of `themeConfig.comments` that picks the widget. */
export interface CommentsSwitch {
  enabled: boolean
  solution: string
}

/** Whether `themeConfig.comments` turns the comment widget `name` on. */
export const commentWidgetOn = (comments: CommentsSwitch, name: string): boolean => comments.enabled && comments.solution === name

/** Whether a route shows comments: articles only, unless the page says `comments: false` (reco's name: `isShowComments: false`). */
export function commentsOnRoute(route: WidgetRoute): boolean {
  const fm = route.page?.frontmatter ?? {}
  return route.kind === 'article' && fm.comments !== false && fm.isShowComments !== false
}
