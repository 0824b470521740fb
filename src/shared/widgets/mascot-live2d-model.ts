/**
 * A Cubism 2 model settings file (`*.model.json`, spec §3 "Mascot model settings") read into
 * one shape. The spec's model packages write it in three dialects that differ in their
 * header only: `"type": "Live2D Model Setting"` (haru, shizuku, wanko), `"version": "Sample
 * 1.0.0"` (hijiki, tororo, haruto, koharu, izumi, miku) and `"version": "Live2DViewerEX Config
 * 1.0"` (z16). The build reads it to copy the files it names; the renderer to load them. Pure.
 */

export type Live2DDialect = 'model-setting' | 'sample' | 'viewer-ex' | 'plain'

export interface Live2DMotionFile {
  file: string
  sound?: string
  fadeIn?: number
  fadeOut?: number
}

/** `hit_areas_custom` ranges, each `[min, max]` in view units. */
export interface Live2DCustomAreas {
  headX?: [number, number]
  headY?: [number, number]
  bodyX?: [number, number]
  bodyY?: [number, number]
}

export interface Live2DModelFile {
  dialect: Live2DDialect
  name?: string
  /** The moc file. Paths are as written (relative to the settings file's folder, or absolute URLs). */
  model: string
  textures: string[]
  physics?: string
  pose?: string
  expressions: { name: string; file: string }[]
  motions: Record<string, Live2DMotionFile[]>
  hitAreas: { name: string; id: string }[]
  hitAreasCustom?: Live2DCustomAreas
  layout?: Record<string, number>
  initParams?: { id: string; value: number }[]
  initPartsVisible?: { id: string; value: number }[]
}

/** What the build copies for a site and the browser reads: URLs with the base. */
export interface Live2DAssets {
  /** The Cubism 2.1 core script. */
  core: string
  /** Theme name → its model settings file. */
  models: Record<string, string>
}

/** A settings file that cannot be read: `path` is the key path of the bad value. */
export class ModelSettingsError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path} ${message}`)
    this.name = 'ModelSettingsError'
  }
}

const LAYOUT_KEYS = ['width', 'height', 'x', 'y', 'center_x', 'center_y', 'top', 'bottom', 'left', 'right'] as const

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

/** Which dialect a settings object is written in (`plain`: none of the three headers). */
export function dialectOf(json: Obj): Live2DDialect {
  if (json.type === 'Live2D Model Setting') return 'model-setting'
  if (typeof json.version === 'string' && json.version.startsWith('Sample')) return 'sample'
  if (typeof json.version === 'string' && json.version.startsWith('Live2DViewerEX')) return 'viewer-ex'
  return 'plain'
}

/** Reads a parsed settings file; throws `ModelSettingsError` for a missing moc or a value of the wrong kind. */
export function readModelSettings(json: unknown): Live2DModelFile {
  if (!isObj(json)) throw new ModelSettingsError('(file)', 'must be a JSON object')
  const str = (key: string, v: unknown, optional: boolean): string | undefined => {
    if (v === undefined && optional) return undefined
    if (typeof v !== 'string' || !v) throw new ModelSettingsError(key, 'must be a file path')
    return v
  }
  const list = (key: string): unknown[] => {
    const v = json[key]
    if (v === undefined) return []
    if (!Array.isArray(v)) throw new ModelSettingsError(key, 'must be a list')
    return v
  }
  const entry = (key: string, v: unknown): Obj => {
    if (!isObj(v)) throw new ModelSettingsError(key, 'must be an object')
    return v
  }
  const idValues = (key: string) =>
    list(key).map((v, i) => {
      const o = entry(`${key}[${i}]`, v)
      if (typeof o.id !== 'string' || !isNum(o.value)) throw new ModelSettingsError(`${key}[${i}]`, 'must be { id, value }')
      return { id: o.id, value: o.value }
    })

  const motions: Record<string, Live2DMotionFile[]> = {}
  if (json.motions !== undefined) {
    for (const [group, files] of Object.entries(entry('motions', json.motions))) {
      if (!Array.isArray(files)) throw new ModelSettingsError(`motions[${JSON.stringify(group)}]`, 'must be a list')
      motions[group] = files.map((v, i) => {
        const at = `motions[${JSON.stringify(group)}][${i}]`
        const o = entry(at, v)
        const m: Live2DMotionFile = { file: str(`${at}.file`, o.file, false)! }
        const sound = str(`${at}.sound`, o.sound, true)
        if (sound) m.sound = sound
        if (isNum(o.fade_in)) m.fadeIn = o.fade_in
        if (isNum(o.fade_out)) m.fadeOut = o.fade_out
        return m
      })
    }
  }

  let layout: Record<string, number> | undefined
  if (json.layout !== undefined) {
    const o = entry('layout', json.layout)
    layout = Object.fromEntries(LAYOUT_KEYS.filter((k) => isNum(o[k])).map((k) => [k, o[k] as number]))
  }

  let hitAreasCustom: Live2DCustomAreas | undefined
  if (json.hit_areas_custom !== undefined) {
    const o = entry('hit_areas_custom', json.hit_areas_custom)
    const range = (k: string) => (Array.isArray(o[k]) && o[k].length === 2 && o[k].every(isNum) ? ([o[k][0], o[k][1]] as [number, number]) : undefined)
    hitAreasCustom = {}
    for (const [key, name] of [['head_x', 'headX'], ['head_y', 'headY'], ['body_x', 'bodyX'], ['body_y', 'bodyY']] as const) {
      const r = range(key)
      if (r) hitAreasCustom[name] = r
    }
  }

  const result: Live2DModelFile = {
    dialect: dialectOf(json),
    model: str('model', json.model, false)!,
    textures: list('textures').map((v, i) => str(`textures[${i}]`, v, false)!),
    expressions: list('expressions').map((v, i) => {
      const o = entry(`expressions[${i}]`, v)
      return { name: typeof o.name === 'string' ? o.name : String(i), file: str(`expressions[${i}].file`, o.file, false)! }
    }),
    motions,
    hitAreas: list('hit_areas').map((v, i) => {
      const o = entry(`hit_areas[${i}]`, v)
      if (typeof o.name !== 'string' || typeof o.id !== 'string') throw new ModelSettingsError(`hit_areas[${i}]`, 'must be { name, id }')
      return { name: o.name, id: o.id }
    }),
  }
  if (typeof json.name === 'string') result.name = json.name
  const physics = str('physics', json.physics, true)
  if (physics) result.physics = physics
  const pose = str('pose', json.pose, true)
  if (pose) result.pose = pose
  if (layout) result.layout = layout
  if (hitAreasCustom) result.hitAreasCustom = hitAreasCustom
  if (json.init_param !== undefined) result.initParams = idValues('init_param')
  if (json.init_parts_visible !== undefined) result.initPartsVisible = idValues('init_parts_visible')
  return result
}

/** Spec §5: a path starting with http, https or `//` is an address used as given. */
export const isAbsoluteUrl = (path: string): boolean => /^(https?:)?\/\//i.test(path)

/**
 * Where a path of the settings file points: an absolute URL as given; anything else relative to
 * the model's folder `dir` (ending in `/`), with `.` and `..` segments resolved.
 */
export function resolveModelPath(path: string, dir: string): string {
  if (isAbsoluteUrl(path)) return path
  const out: string[] = []
  for (const seg of (dir + path).split('/')) {
    if (seg === '..') out.pop()
    else if (seg !== '.') out.push(seg)
  }
  return out.join('/')
}

/** Every file the settings name, in order, each once: moc, textures, physics, pose, expressions, motions, sounds. */
export function referencedFiles(m: Live2DModelFile): string[] {
  const files = [m.model, ...m.textures, m.physics, m.pose, ...m.expressions.map((e) => e.file)]
  for (const group of Object.values(m.motions)) for (const motion of group) files.push(motion.file, motion.sound)
  return [...new Set(files.filter((f): f is string => !!f))]
}
