/*
 * What the box derives from its options (checked and filled in by the build for the page's
 * locale, `serverURLs` included: `ValineOptions`, src/shared/widgets/valine.ts): the key of a
 * page's comments.
 */
/**
 * The key a page's comments are stored under: the `path` option, else the route's path decoded
 * (`/gpt/%E4%B8%AD.html` → `/gpt/中.html`), as Valine stored `location.pathname` decoded.
 */
export function pageKey(option: string, routePath: string): string {
  const raw = option.trim() || routePath || '/'
  try {
    return decodeURI(raw)
  } catch {
    return raw
  }
}
