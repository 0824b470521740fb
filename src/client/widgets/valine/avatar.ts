import type { ValineAvatar } from '../../../shared/widgets/valine.js'

/**
 * Avatars drawn in the browser from the mail hash the service returns (never Gravatar, nothing
 * fetched): an identicon (a symmetric 5×5 pattern in a colour from the hash) for every style
 * but `mp`, a plain silhouette for `mp` and for comments without e-mail, none for `hide`.
 */

const svgUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`

const SILHOUETTE = svgUrl(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#c8ccd2"/><circle cx="20" cy="15" r="7.5" fill="#fff"/><path d="M6 40c1-9 7-14 14-14s13 5 14 14z" fill="#fff"/></svg>',
)

const isHash = (s: string) => /^[0-9a-f]{32}$/i.test(s)

/** A symmetric 5×5 identicon from a 32-hex-digit hash (GitHub's scheme, drawn locally). */
export function identicon(hash: string): string {
  const nibble = (i: number) => Number.parseInt(hash[i], 16)
  const hue = Math.round((Number.parseInt(hash.slice(25, 28), 16) / 4095) * 360)
  const color = `hsl(${hue} 55% 55%)`
  const cells: string[] = []
  for (let col = 0; col < 3; col++) {
    for (let row = 0; row < 5; row++) {
      if (nibble(col * 5 + row) % 2 !== 0) continue
      for (const x of col === 2 ? [2] : [col, 4 - col]) cells.push(`<rect x="${4 + x * 6.4}" y="${4 + row * 6.4}" width="6.4" height="6.4"/>`)
    }
  }
  return svgUrl(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#f0f0f0"/><g fill="${color}">${cells.join('')}</g></svg>`)
}

/** The avatar's image address for a comment, or undefined when avatars are hidden. */
export function avatarUrl(mailMd5: string, style: ValineAvatar): string | undefined {
  if (style === 'hide') return undefined
  if (style === 'mp' || !isHash(mailMd5)) return SILHOUETTE
  return identicon(mailMd5.toLowerCase())
}
