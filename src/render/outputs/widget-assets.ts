import { HOOKS, type AssetsInput, type WidgetSettings } from '../widgets/index.js'
import type { OutputContents } from '../emit/write-output.js'

/**
 * The files the widgets that are on copy into the output (their build hooks' `assets`: a
 * character's model files, for one), and what each adds to its site data, by widget name.
 */
export function widgetAssets(input: AssetsInput, settings: WidgetSettings): { files: [path: string, contents: OutputContents][]; data: Record<string, object> } {
  const files: [string, OutputContents][] = []
  const data: Record<string, object> = {}
  for (const [name, hooks] of HOOKS) {
    if (!hooks.assets || !settings.has(name)) continue
    const made = hooks.assets(input)
    files.push(...made.files)
    if (made.data) data[name] = made.data
  }
  return { files, data }
}
