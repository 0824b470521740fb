/** The site search box (header). Placeholder until the search feature lands. */
export function SearchBox() {
  return null
}
