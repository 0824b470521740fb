/**
 * The mascot's console messages (spec §8). Readers never see an error: the mascot hides and
 * the console says why.
 */
import { MascotLoadError } from './framework/renderer.js'
import { SUPPORTED_THEMES } from './themes.js'

const PREFIX = '[gptnotes] 看板娘：'

/** Spec §8: a resource that did not load (the original's CDN message, without the CDN). */
export const RESOURCE_FAILED = '看板娘的资源加载失败了，请稍后刷新页面重试！'

export function logUnsupportedTheme(names: readonly string[]): void {
  console.warn(`${PREFIX}不支持的主题 ${names.map((n) => `"${n}"`).join('、')}，看板娘已隐藏。可用的主题：${[...SUPPORTED_THEMES].join('、')}`)
}

export function logMobile(): void {
  console.info(`${PREFIX}不支持移动设备，未加载。`)
}

/** A failure while loading or drawing a model: the mascot hides after this. */
export function logLoadFailure(err: unknown): void {
  if (err instanceof MascotLoadError) {
    if (err.kind === 'resource') console.error(`${PREFIX}${RESOURCE_FAILED}`, err.message)
    else console.error(`${PREFIX}${err.message}`)
    return
  }
  console.error(`${PREFIX}启动失败`, err)
}

/** A motion or expression file that did not read: logged only, the character keeps going. */
export function logModelError(err: unknown): void {
  console.error(`${PREFIX}模型文件读取失败`, err)
}
