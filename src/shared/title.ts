/**
 * Page titles read `page title | site title`, or the site title alone on the home page. A site
 * without a title uses the page's own (a home page without either: 首页), so no document is
 * left without a title.
 */
export function documentTitle(pageTitle: string | undefined, siteTitle: string, isHome: boolean): string {
  if (!siteTitle) return pageTitle || (isHome ? '首页' : '')
  if (isHome || !pageTitle || pageTitle === siteTitle) return siteTitle
  return `${pageTitle} | ${siteTitle}`
}
