import type { BuildHooks } from './hooks.js'
import { MASCOT_DIR, mascotAssets } from './mascot-assets.js'

/** The mascot's build hooks: the owner's Live2D core and model packages, copied into the output. */
export const mascotHooks: BuildHooks = {
  assets: mascotAssets,
  hashedDirs: [`${MASCOT_DIR}/`],
}
