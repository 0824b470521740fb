/**
 * A Cubism settings file (`*.model.json`, any dialect) → the framework's `ModelSettings`: paths
 * resolved by the spec's rule (http, https and `//` as given, the rest relative to the model's
 * folder), motions and expressions loaded when first played, the pose read into part groups.
 */
import { type Live2DModelFile, resolveModelPath } from '../../../../shared/widgets/mascot-live2d-model.js'
import { parseExpression } from '../framework/expression.js'
import { parseMtn } from '../framework/motion.js'
import type { ModelSettings, PartGroup } from '../framework/settings.js'
import { fetchJson, fetchText } from './fetch.js'

/** The folder of a settings file's URL (ending in `/`). */
export const folderOf = (url: string): string => url.slice(0, url.lastIndexOf('/') + 1)

/** `pose.json`'s `parts_visible`: groups of parts one of which shows at a time. */
export function readPose(json: unknown): PartGroup[] {
  const groups = (json as { parts_visible?: unknown })?.parts_visible
  if (!Array.isArray(groups)) return []
  return groups.flatMap((g: { group?: unknown }) => {
    const parts = Array.isArray(g?.group) ? g.group.map((p: { id?: unknown }) => p?.id).filter((id): id is string => typeof id === 'string') : []
    return parts.length ? [{ parts }] : []
  })
}

export interface ReadSettingsDeps {
  text?: (url: string) => Promise<string>
  json?: (url: string) => Promise<unknown>
}

/** The framework's settings for `model`, whose settings file is in folder `dir`; `pose`: the read pose file, if any. */
export function toModelSettings(model: Live2DModelFile, dir: string, pose: PartGroup[] | undefined, deps: ReadSettingsDeps = {}): ModelSettings {
  const text = deps.text ?? fetchText
  const json = deps.json ?? fetchJson
  const url = (path: string) => resolveModelPath(path, dir)
  const motions = Object.fromEntries(
    Object.entries(model.motions).map(([group, list]) => [
      group,
      list.map((m) => ({
        load: async () => parseMtn(await text(url(m.file))),
        ...(m.sound ? { sound: url(m.sound) } : {}),
        // The settings file's fades override the motion file's own (the framework applies them).
        ...(m.fadeIn !== undefined ? { fadeIn: m.fadeIn } : {}),
        ...(m.fadeOut !== undefined ? { fadeOut: m.fadeOut } : {}),
      })),
    ]),
  )
  const l = model.layout
  return {
    name: model.name ?? '',
    motions,
    expressions: model.expressions.map((e) => ({ name: e.name, load: async () => parseExpression(await json(url(e.file))) })),
    hitAreas: model.hitAreas,
    ...(model.hitAreasCustom ? { hitAreasCustom: model.hitAreasCustom } : {}),
    ...(l
      ? {
          layout: {
            width: l.width,
            height: l.height,
            centerX: l.center_x,
            centerY: l.center_y,
            x: l.x,
            y: l.y,
            top: l.top,
            bottom: l.bottom,
            left: l.left,
            right: l.right,
          },
        }
      : {}),
    ...(pose?.length ? { pose } : {}),
    ...(model.initParams ? { initParams: model.initParams } : {}),
    ...(model.initPartsVisible ? { initPartsVisible: model.initPartsVisible } : {}),
  }
}
