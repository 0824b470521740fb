/**
 * Theme → a renderer. The built-in character is part of the overlay's chunk; a renderer that
 * needs more code (the Cubism 2 one) is added here as a lazy `import()`, so its code loads
 * only when its theme shows.
 */
import { loadOnce } from '../../lazy.js'
import { BuiltinRenderer } from './builtin/renderer.js'
import type { MascotRenderer } from './framework/renderer.js'
import { PALETTES } from './builtin/draw.js'
import { BUILTIN, BUILTIN_SAKURA } from './themes.js'
import type { Live2DAssets } from '../../../shared/widgets/mascot-live2d-model.js'

const RENDERERS: Readonly<Record<string, () => Promise<MascotRenderer>>> = {
  [BUILTIN]: async () => new BuiltinRenderer(PALETTES.blue),
  [BUILTIN_SAKURA]: async () => new BuiltinRenderer(PALETTES.sakura),
}

const loadLive2D = loadOnce(() => import('./live2d/renderer.js'))

/** The renderer of `theme`; a Live2D theme needs its files in `live2d` (the Cubism renderer is its own chunk). */
export function createRenderer(theme: string, live2d?: Live2DAssets): Promise<MascotRenderer> | undefined {
  if (Object.hasOwn(RENDERERS, theme)) return RENDERERS[theme]()
  if (live2d?.core && Object.hasOwn(live2d.models, theme)) {
    const sources = { core: live2d.core, model: live2d.models[theme] }
    return loadLive2D().then((m) => new m.Live2DRenderer(sources))
  }
  return undefined
}
