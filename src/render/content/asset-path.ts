/** Where an asset of `content/` lands in the output: `public/x` at the root, others in place. */
export function assetOutputPath(relativePath: string): string {
  return relativePath.startsWith('public/') ? relativePath.slice('public/'.length) : relativePath
}
