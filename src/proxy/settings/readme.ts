/**
 * The README's settings table, written from the settings table (src/proxy/README.md holds it
 * between two markers; a test compares them, `node scripts/settings-table.mjs` rewrites it).
 */
import { SETTINGS, settingsOf, type Setting } from './table.js'

export const README_TABLE_START = '<!-- settings table: written by scripts/settings-table.mjs from src/proxy/settings/table.ts -->'
export const README_TABLE_END = '<!-- end of settings table -->'

const code = (s: string | undefined): string => (s === undefined ? '—' : `\`${s}\``)

function shownDefault(s: Setting<unknown>): string {
  if (s.shownDefault !== undefined) return s.shownDefault
  const v = s.default
  if (v === undefined || (Array.isArray(v) && v.length === 0)) return 'none'
  if (v === false) return 'off'
  return code(String(v))
}

/** The Markdown table: one row per setting, in the table's order. */
export function settingsMarkdown(): string {
  const lines = ['| environment | flag | config key | meaning | default |', '|---|---|---|---|---|']
  for (const s of settingsOf(SETTINGS)) lines.push(`| ${code(s.env)} | ${code(s.flag)} | ${code(s.file)} | ${s.doc} | ${shownDefault(s)} |`)
  return lines.join('\n')
}

/** `readme` with the text between the markers replaced by the table. */
export function withSettingsTable(readme: string): string {
  const start = readme.indexOf(README_TABLE_START)
  const end = readme.indexOf(README_TABLE_END)
  if (start === -1 || end < start) throw new Error('the README has no settings table markers')
  return `${readme.slice(0, start + README_TABLE_START.length)}\n${settingsMarkdown()}\n${readme.slice(end)}`
}
