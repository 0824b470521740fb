/**
 * Twelve accent colours for tags (the spec's random accent palette), dark enough for white
 * text in both colour modes. A tag keeps its colour: it is chosen by a hash of the name.
 */
export const TAG_PALETTE = [
  '#c2410c', '#b45309', '#4d7c0f', '#15803d', '#047857', '#0f766e',
  '#0e7490', '#1d4ed8', '#4338ca', '#6d28d9', '#a21caf', '#be123c',
] as const

export function tagColor(tag: string): string {
  let h = 0
  for (const ch of tag) h = (Math.imul(h, 31) + ch.codePointAt(0)!) >>> 0
  return TAG_PALETTE[h % TAG_PALETTE.length]
}
