import { readFileSync, writeFileSync } from 'node:fs'
import { loadConfig } from '../../render/config/load-config.js'
import { addPathToSidebarGroup } from './sidebar-editor.js'
import { sidebarGroups } from './sidebar-groups.js'

export type SidebarResult = { status: 'added' } | { status: 'present' } | { status: 'manual'; reason: string }

/**
 * Put `path` last in the sidebar group `group` of the config file, then load the config back
 * to check the page is in that group. Anything else (the edit did not take, the config no
 * longer loads) restores the file as it was and asks the author to add the line by hand.
 */
export async function addToSidebar(root: string, configFile: string, group: string, path: string): Promise<SidebarResult> {
  const before = await inGroup(root, group, path)
  if (before) return { status: 'present' }
  const source = readFileSync(configFile, 'utf8')
  const edit = addPathToSidebarGroup(source, group, path)
  if ('problem' in edit) return { status: 'manual', reason: edit.problem }
  writeFileSync(configFile, edit.text)
  let ok = false
  try {
    ok = await inGroup(root, group, path)
  } catch {
    ok = false
  }
  if (ok) return { status: 'added' }
  writeFileSync(configFile, source)
  return { status: 'manual', reason: 'the edited config did not load with the page in that group, so it was left unchanged' }
}

async function inGroup(root: string, group: string, path: string): Promise<boolean> {
  const { config } = await loadConfig(root)
  return sidebarGroups(config.themeConfig.sidebar).some((g) => g.title === group && g.paths.includes(path))
}
