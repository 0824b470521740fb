/** Helpers for the search index's page text (the text itself comes from the tree: `pageText`). */

/** Cut text to at most `max` characters, at a space when one is near, never inside a surrogate pair. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text
  let end = max
  const space = text.lastIndexOf(' ', max)
  if (space > max - 20) end = space
  if (/[\uD800-\uDBFF]/.test(text[end - 1])) end--
  return text.slice(0, end)
}
