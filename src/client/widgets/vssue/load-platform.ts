/**
 * The five adapters, each a dynamic import of its own: a page downloads only the active one.
 */
import type { PlatformFactory, PlatformName } from './platform.js'

const ADAPTERS: Record<PlatformName, () => Promise<{ default: PlatformFactory }>> = {
  github: () => import('./platforms/github.js'),
  'github-v4': () => import('./platforms/github-v4.js'),
  gitlab: () => import('./platforms/gitlab.js'),
  bitbucket: () => import('./platforms/bitbucket.js'),
  gitee: () => import('./platforms/gitee.js'),
}

export async function loadPlatform(name: PlatformName): Promise<PlatformFactory> {
  return (await ADAPTERS[name]()).default
}
