/**
 * Where the mascot can stand without covering text. Pure: boxes in, a corner out. The page's
 * content scrolls under the fixed mascot, so only its horizontal extent counts (any line of it
 * can pass the corner); boxes fixed on screen (the header, the sidebar's own items) count as
 * they are. The mascot's footprint is its canvas plus the column of buttons beside it.
 */

export interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

/** The bottom-left corner (the original's place) or the bottom-right one. */
export type Corner = 'left' | 'right'

/**
 * Where the mascot stands: a corner, and whether its buttons are tucked over the canvas's
 * inner edge (taking no width of their own) rather than beside it, for a narrower footprint.
 */
export interface Place {
  corner: Corner
  tucked: boolean
}

export interface Room {
  viewport: { width: number; height: number }
  /** Boxes fixed on screen: the header, the visible part of the sidebar's items. */
  fixed: Box[]
  /** Content that scrolls under the corner: the main column's blocks, the footer's lines. */
  columns: Box[]
}

/** The buttons' column beside the canvas (`.gm-buttons`, 28 px wide, 30 px out). */
export const BUTTONS_WIDTH = 30
/** The bottom-right corner keeps clear of the back-to-top button (1.5rem from the edge, 2.5rem wide). */
export const RIGHT_INSET = 72
/** Air kept between the mascot and any text. */
const GAP = 8

/** The footprint the mascot would take in `place`. */
export function footprint({ corner, tucked }: Place, size: { width: number; height: number }, viewport: Room['viewport']): Box {
  const width = size.width + (tucked ? 0 : BUTTONS_WIDTH)
  const top = viewport.height - size.height
  if (corner === 'left') return { left: 0, top, right: width, bottom: viewport.height }
  const right = viewport.width - RIGHT_INSET
  return { left: right - width, top, right, bottom: viewport.height }
}

const overlaps = (a: Box, b: Box, gap: number) => a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom + gap && b.top < a.bottom + gap
const overlapsAcross = (a: Box, b: Box, gap: number) => a.left < b.right + gap && b.left < a.right + gap

/** The places tried, in order: the original's look first, in either corner, then the narrower one. */
const PLACES: readonly Place[] = [
  { corner: 'left', tucked: false },
  { corner: 'right', tucked: false },
  { corner: 'left', tucked: true },
  { corner: 'right', tucked: true },
]

/** The first place where the mascot covers nothing; none when no place is free. */
export function freePlace(room: Room, size: { width: number; height: number }): Place | undefined {
  for (const place of PLACES) {
    const box = footprint(place, size, room.viewport)
    if (box.left < 0 || box.top < 0) continue
    if (room.fixed.some((b) => overlaps(box, b, GAP))) continue
    if (room.columns.some((b) => overlapsAcross(box, b, GAP))) continue
    return place
  }
  return undefined
}
