/**
 * The set of a site's route paths as the route map carries it to the browser: one string, each
 * folder's path on a line of its own, then the names in that folder, one a line (an empty line:
 * the folder's own page).
 *
 *     \n/gpt/\n\n404.html\n/gpt/handbook/\nagent-0015.html\nagent-0035.html\n
 *
 * An object of path → address named every path twice, whole: 682 KB at 10,000 pages. Parsing it
 * when the map loaded at idle time held a phone's main thread long enough to count as blocking
 * (Lighthouse TBT 58–77 ms against 22–29 ms with a fifth of the routes). This is a quarter of
 * that, one string, and a lookup searches it: nothing is built when it loads.
 *
 * Paths are percent-encoded (`encodeURI`), so no name holds a line break, and none holds a `/`:
 * a line that starts with `/` is a folder's.
 */

/** The paths (each starting with `/`), grouped by folder in the order folders first appear. */
export function packRoutes(paths: Iterable<string>): string {
  const byFolder = new Map<string, string[]>()
  for (const path of paths) {
    if (!path.startsWith('/') || path.includes('\n')) throw new Error(`not a route path: ${JSON.stringify(path)}`)
    const cut = path.lastIndexOf('/') + 1
    const folder = path.slice(0, cut)
    const names = byFolder.get(folder)
    if (names) names.push(path.slice(cut))
    else byFolder.set(folder, [path.slice(cut)])
  }
  let packed = '\n'
  for (const [folder, names] of byFolder) packed += folder + '\n' + names.map((name) => name + '\n').join('')
  return packed
}

/** Whether `path` is one of the routes `packRoutes` packed. */
export function hasRoute(packed: string, path: string): boolean {
  const cut = path.lastIndexOf('/') + 1
  if (!cut || path.includes('\n')) return false
  const folder = packed.indexOf('\n' + path.slice(0, cut) + '\n')
  if (folder < 0) return false
  // The folder's names lie from the line break that ends its line to the one before the next folder's.
  const names = folder + 1 + cut
  const next = packed.indexOf('\n/', names)
  const at = packed.indexOf('\n' + path.slice(cut) + '\n', names)
  return at >= 0 && (next < 0 || at < next)
}
