import { DATA_SCRIPT_ID } from '../../../shared/markup.js'
import { VALINE_AVATARS, VALINE_LANGS, type ValineAvatar, type ValineClientConfig, type ValineLang, type ValineMetaField } from '../../../shared/valine-config.js'

/**
 * The box's options with every gap filled. The build normalises `valineConfig` before it reaches
 * the slot; this is the one place that fills in what is missing, so a partial or absent config
 * (an older build, a hand-written slot) still gives a working box.
 */
export const VALINE_DEFAULTS: Readonly<ValineClientConfig> = Object.freeze<ValineClientConfig>({
  serverURLs: '',
  appId: 'gptnotes',
  appKey: 'gptnotes',
  placeholder: '',
  path: '',
  meta: ['nick', 'mail', 'link'],
  requiredFields: [],
  pageSize: 10,
  lang: 'zh-CN',
  visitor: true,
  avatar: '',
  highlight: true,
  emojiMaps: {},
})

const META: readonly ValineMetaField[] = ['nick', 'mail', 'link']
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback)

/** `raw` (anything) read as options: known fields of the right type win, the rest are defaults. */
export function resolveOptions(raw: unknown): ValineClientConfig {
  const o = isRecord(raw) ? raw : {}
  const d = VALINE_DEFAULTS
  const meta = Array.isArray(o.meta) ? o.meta.filter((m): m is ValineMetaField => META.includes(m as ValineMetaField)) : [...d.meta]
  const required = Array.isArray(o.requiredFields) ? o.requiredFields.filter((m): m is 'nick' | 'mail' => m === 'nick' || m === 'mail') : []
  const pageSize = typeof o.pageSize === 'number' && Number.isInteger(o.pageSize) && o.pageSize > 0 ? Math.min(o.pageSize, 100) : d.pageSize
  const emojiMaps: Record<string, string> = {}
  if (isRecord(o.emojiMaps)) for (const [k, v] of Object.entries(o.emojiMaps)) if (typeof v === 'string' && v !== '') emojiMaps[k] = v
  return {
    serverURLs: str(o.serverURLs, d.serverURLs).trim(),
    appId: str(o.appId, '') || d.appId,
    appKey: str(o.appKey, '') || d.appKey,
    placeholder: str(o.placeholder, d.placeholder),
    path: str(o.path, d.path),
    meta: [...new Set(meta)],
    requiredFields: [...new Set(required)],
    pageSize,
    lang: VALINE_LANGS.includes(o.lang as ValineLang) ? (o.lang as ValineLang) : d.lang,
    visitor: typeof o.visitor === 'boolean' ? o.visitor : d.visitor,
    avatar: VALINE_AVATARS.includes(o.avatar as ValineAvatar) ? (o.avatar as ValineAvatar) : d.avatar,
    highlight: typeof o.highlight === 'boolean' ? o.highlight : d.highlight,
    emojiMaps,
  }
}

/**
 * The comment service: the config's `serverURLs`, else the site data's (`site.comments`, what
 * builds before the config reached the slot wrote, and what `gptnotes serve` fills in).
 */
export function serviceAddress(config: ValineClientConfig, doc: Document | undefined): string {
  if (config.serverURLs) return config.serverURLs
  try {
    const json = doc?.getElementById(DATA_SCRIPT_ID)?.textContent
    const site = json ? (JSON.parse(json) as { site?: { comments?: { serverURLs?: unknown } } }).site : undefined
    return typeof site?.comments?.serverURLs === 'string' ? site.comments.serverURLs : ''
  } catch {
    return ''
  }
}

/**
 * The key a page's comments are stored under: the `path` option, else the route's path decoded
 * (`/gpt/%E4%B8%AD.html` → `/gpt/中.html`), as Valine stored `location.pathname` decoded.
 */
export function pageKey(option: string, routePath: string): string {
  const raw = option.trim() || routePath || '/'
  try {
    return decodeURI(raw)
  } catch {
    return raw
  }
}
