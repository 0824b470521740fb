/**
 * The five adapters, each a dynamic import of its own: a page downloads only the active one.
 */
import { loadOnce } from '../../lazy.js'
import type { PlatformFactory, PlatformName } from './platform.js'

const ADAPTERS: Record<PlatformName, () => Promise<{ default: PlatformFactory }>> = {
  github: loadOnce(() => import('./platforms/github.js')),
  'github-v4': loadOnce(() => import('./platforms/github-v4.js')),
  gitlab: loadOnce(() => import('./platforms/gitlab.js')),
  bitbucket: loadOnce(() => import('./platforms/bitbucket.js')),
  gitee: loadOnce(() => import('./platforms/gitee.js')),
}

export async function loadPlatform(name: PlatformName): Promise<PlatformFactory> {
  return (await ADAPTERS[name]()).default
}
