// markdown-it-emoji ships its shortcode table as data without types.
declare module 'markdown-it-emoji/lib/data/full.mjs' {
  /** Shortcode name (`tada`) → emoji (`🎉`). */
  const names: Readonly<Record<string, string>>
  export default names
}
