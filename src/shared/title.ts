/** Page titles read `page title | site title`, or the site title alone on the home page. */
export function documentTitle(pageTitle: string | undefined, siteTitle: string, isHome: boolean): string {
  if (isHome || !pageTitle || pageTitle === siteTitle) return siteTitle
  return siteTitle ? `${pageTitle} | ${siteTitle}` : pageTitle
}
