import { wantsOwnCommentService } from '../../shared/widgets/valine.js'
import type { BuildHooks } from './hooks.js'
import { leancloudSlim } from './valine-sdk-plugin.js'

/** Widget A's build hooks: its SDK bundled small, and the comment service it may leave to the build. */
export const valineHooks: BuildHooks = {
  bundlePlugins: () => [leancloudSlim()],
  needsService: wantsOwnCommentService,
}
