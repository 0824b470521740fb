import { clickEffectOptionsSchema } from '../shared/widgets/click-effect.js'
import { mascotOptionsSchema } from '../shared/widgets/mascot.js'
import { type Findings, keyPath } from './findings.js'
import { type CommentsOut, valineComments, vssueComments } from './map-comments.js'
import { describe, isFunction, isObject, standInOf } from './values.js'

/** What the plugins set in the gptnotes config. */
export interface PluginsOut {
  comments?: CommentsOut
  mascot?: true | Record<string, unknown>
  clickEffect?: true | Record<string, unknown>
  hostname?: string
  feeds?: { rss?: boolean; atom?: boolean; json?: boolean }
  searchMaxSuggestions?: number
}

/**
 * A plugin's full package name as VuePress 1 resolves its shorthand: `foo` →
 * `vuepress-plugin-foo`, `@vuepress/back-to-top` → `@vuepress/plugin-back-to-top`,
 * `@org/foo` → `@org/vuepress-plugin-foo`; full names stay as they are.
 */
export function pluginPackage(name: string): string {
  if (name.startsWith('@')) {
    const [org, rest = ''] = name.split('/')
    if (org === '@vuepress') return rest.startsWith('plugin-') ? name : `@vuepress/plugin-${rest}`
    return rest.startsWith('vuepress-plugin') ? name : rest ? `${org}/vuepress-plugin-${rest}` : `${org}/vuepress-plugin`
  }
  return name.startsWith('vuepress-plugin-') ? name : `vuepress-plugin-${name}`
}

type Handler = (options: Record<string, unknown>, at: string, out: PluginsOut, findings: Findings, notes: Map<string, string>) => void

const builtin =
  (what: string, optionsNote?: string): Handler =>
  (options, at, _out, findings) => {
    findings.builtin(at, what)
    if (optionsNote && Object.keys(options).length) findings.dropped(`${at} options`, optionsNote)
  }

const FOREIGN = 'it loads a script from a foreign host, which gptnotes pages do not (their Content-Security-Policy allows scripts of the site only)'

/** Options of a widget's schema that gptnotes reads; the others reported. */
function pick(options: Record<string, unknown>, shape: Record<string, unknown>, at: string, findings: Findings): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(options)) {
    if (key in shape && !isFunction(value)) out[key] = value
    else findings.dropped(keyPath(`${at} options`, key), `gptnotes's widget has no option "${key}"`)
  }
  return out
}

function feedsOf(options: Record<string, unknown>, origin: unknown, at: string, out: PluginsOut, findings: Findings, feeds: PluginsOut['feeds']): void {
  const host = typeof origin === 'string' ? /^(https?:\/\/[^/]+)/.exec(origin)?.[1] : undefined
  if (!host) {
    findings.dropped(at, 'gptnotes writes feeds only with the site\'s origin (hostname), which the plugin options do not give', 'set hostname and themeConfig.feeds')
    return
  }
  out.hostname ??= host
  out.feeds = { ...out.feeds, ...feeds }
  findings.mapped(at, 'themeConfig.feeds', `feeds of the post list (${Object.keys(feeds ?? {}).filter((k) => feeds?.[k as keyof typeof feeds]).join(', ')}) at the site root, with hostname ${host}`)
  void options
}

/** The plugins gptnotes has natively, by full package name. */
const PLUGINS: Record<string, Handler> = {
  '@vuepress/plugin-back-to-top': builtin('a 返回顶部 button shows past 400 px of scrolling'),
  '@vuepress/plugin-medium-zoom': builtin('images zoom on click (closing on click, Escape, resize or scrolling)', 'the zoom needs no selector or options'),
  'vuepress-plugin-medium-zoom': builtin('images zoom on click', 'the zoom needs no selector or options'),
  'vuepress-plugin-zooming': builtin('images zoom on click', 'the zoom needs no selector or options'),
  'vuepress-plugin-code-copy': builtin('code blocks have a 复制代码 button', 'the button needs no options'),
  'vuepress-plugin-copy-code': builtin('code blocks have a 复制代码 button', 'the button needs no options'),
  'vuepress-plugin-copy-code2': builtin('code blocks have a 复制代码 button', 'the button needs no options'),
  'vuepress-plugin-nuggets-style-copy': builtin('code blocks have a 复制代码 button', 'the button needs no options'),
  '@vuepress/plugin-last-updated': builtin('each article shows its last git commit date (themeConfig.lastUpdated is the label)', 'the date is formatted by gptnotes (a transformer does not apply)'),
  '@vuepress/plugin-active-header-links': builtin('the heading being read is marked in the sidebar'),
  '@vuepress/plugin-nprogress': builtin('a progress bar shows while a page loads'),
  'vuepress-plugin-smooth-scroll': builtin('smooth scrolling (themeConfig.smoothScroll)'),
  '@vuepress-reco/vuepress-plugin-pagation': builtin('lists are paged, 10 posts a page', 'the page size is fixed at 10'),
  '@vuepress/plugin-container': builtin('::: containers are read natively'),
  'vuepress-plugin-container': builtin('::: containers are read natively'),
  'vuepress-plugin-demo-block': builtin('::: demo blocks run in a sandboxed frame', 'the demo block takes no options'),
  'vuepress-plugin-demo-container': builtin('::: demo blocks run in a sandboxed frame', 'the demo block takes no options'),
  '@vuepress/plugin-search': (options, at, out, findings) => {
    findings.builtin(at, 'site search (titles, headings and text)')
    if (typeof options.searchMaxSuggestions === 'number') {
      out.searchMaxSuggestions = options.searchMaxSuggestions
      findings.mapped(`${at} options.searchMaxSuggestions`, 'themeConfig.searchMaxSuggestions', 'the same limit')
    }
  },
  'vuepress-plugin-copyright': (options, at, _out, findings) => {
    if (options.disabled === true) return findings.builtin(at, 'pages whose frontmatter says copyright keep their protection (copyright: true or its options)')
    const opts = ['noSelect', 'noCopy', 'minLength', 'authorName'].filter((k) => k in options)
    findings.dropped(at, 'gptnotes protects the pages that ask for it in their frontmatter, not the whole site', `add copyright: true${opts.length ? ` (or { ${opts.map((k) => `${k}: ${describe(options[k])}`).join(', ')} })` : ''} to the frontmatter of each page to protect`)
  },
  '@vuepress-reco/vuepress-plugin-kan-ban-niang': mascot,
  'vuepress-plugin-kan-ban-niang': mascot,
  'vuepress-plugin-cursor-effects': (options, at, out, findings) => {
    const picked = pick(options, clickEffectOptionsSchema.shape, at, findings)
    out.clickEffect = Object.keys(picked).length ? picked : true
    findings.mapped(at, 'themeConfig.clickEffect', 'the same sparks, never for readers who prefer reduced motion')
  },
  '@vuepress-reco/vuepress-plugin-comments': (options, at, out, findings) => {
    out.comments = options.solution === 'vssue' ? vssueComments(options.options, `${at} options.options`, 'themeConfig.comments', findings) : valineComments(options.options, `${at} options.options`, 'themeConfig.comments', findings)
  },
  'vuepress-plugin-comment': (options, at, out, findings) => {
    const solution = options.choosen ?? options.chosen
    if (solution === 'valine') out.comments = valineComments(options.options, `${at} options.options`, 'themeConfig.comments', findings)
    else findings.dropped(at, `gptnotes has widget A (Valine) and widget B (Vssue), not ${describe(solution)}`)
  },
  '@vssue/vuepress-plugin-vssue': (options, at, out, findings) => {
    out.comments = vssueComments(options, `${at} options`, 'themeConfig.comments', findings)
  },
  'vuepress-plugin-sitemap': (options, at, out, findings) => {
    const host = typeof options.hostname === 'string' ? /^(https?:\/\/[^/]+)/.exec(options.hostname)?.[1] : undefined
    if (!host) return findings.dropped(at, 'the sitemap needs the site origin (hostname)', 'set hostname')
    out.hostname ??= host
    findings.mapped(at, 'hostname', `with hostname set gptnotes writes sitemap.xml and robots.txt itself`)
  },
  'vuepress-plugin-feed': (options, at, out, findings) => {
    const feeds = isObject(options.feeds) ? options.feeds : {}
    const on = (k: string) => !isObject(feeds[k]) || feeds[k].enable !== false
    feedsOf(options, options.canonical_base, at, out, findings, { rss: on('rss2'), atom: on('atom1'), json: on('json1') })
  },
  '@vuepress-reco/vuepress-plugin-rss': (options, at, out, findings) => feedsOf(options, options.site_url, at, out, findings, { rss: true }),
}

/** The original plugin's themes when it names none: every one a Live2D model. */
const KAN_BAN_NIANG_THEMES = ['blackCat', 'whiteCat', 'haru1', 'haru2', 'haruto', 'koharu', 'izumi', 'shizuku', 'wanko', 'miku', 'z16']

/**
 * The kan-ban-niang plugin as the mascot. Its themes are Live2D models, which need the owner's
 * Cubism 2.1 core and model packages (gptnotes ships neither): the result starts with the built-in
 * character so that it builds, and the report says how to bring the models back.
 */
function mascot(options: Record<string, unknown>, at: string, out: PluginsOut, findings: Findings, notes?: Map<string, string>): void {
  const picked = pick(options, mascotOptionsSchema.shape, at, findings)
  const themes = Array.isArray(picked.theme) ? picked.theme.filter((t) => t !== 'builtin') : KAN_BAN_NIANG_THEMES
  if (themes.length && picked.core === undefined) {
    picked.theme = ['builtin']
    notes?.set('themeConfig.mascot.theme', `was ${JSON.stringify(themes)}: Live2D models need your Cubism 2.1 core (mascot.core) and their live2d-widget-model-* packages`)
  }
  out.mascot = picked
  findings.mapped(
    at,
    'themeConfig.mascot',
    themes.length ? `the mascot at the bottom left, with the same options, as the built-in character: the Live2D models (${themes.join(', ')}) need files gptnotes does not ship` : 'the mascot at the bottom left, with the same options',
    themes.length ? 'to show the models: install their live2d-widget-model-* packages, put the Cubism 2.1 core in the site folder, and set mascot.theme and mascot.core (docs/guide/mascot.md#live2d-models)' : undefined,
  )
}

/** Why a plugin gptnotes does not have is left out, for the ones often met. */
const DROPPED_WHY: Record<string, string> = {
  '@vuepress/plugin-google-analytics': FOREIGN,
  'vuepress-plugin-baidu-tongji': FOREIGN,
  'vuepress-plugin-baidu-autopush': FOREIGN,
  'vuepress-plugin-baidu-google-analytics': FOREIGN,
  '@vuepress/plugin-pwa': 'gptnotes writes no service worker',
  'vuepress-plugin-auto-sidebar': "gptnotes's sidebar is the config's (or 'auto', the page's headings)",
  '@vuepress/plugin-blog': 'gptnotes has its tag, category and timeline pages built in',
  '@vuepress-reco/vuepress-plugin-bgm-player': 'gptnotes has no music player',
  '@vuepress-reco/vuepress-plugin-loading-page': 'pages paint from their HTML; there is no loading page',
  '@vuepress/plugin-register-components': 'Vue components do not run in gptnotes pages',
}

/**
 * VuePress's `plugins` (a list of names, `[name, options]` pairs, required plugin objects or
 * functions, or an object of name → options) through the table of what gptnotes has natively.
 */
export function mapPlugins(value: unknown, findings: Findings, notes: Map<string, string>): PluginsOut {
  const out: PluginsOut = {}
  const entries: [name: string | undefined, options: unknown, at: string][] = []
  if (Array.isArray(value))
    value.forEach((entry, i) => {
      const at = `plugins[${i}]`
      if (typeof entry === 'string') entries.push([entry, {}, at])
      else if (Array.isArray(entry)) entries.push([typeof entry[0] === 'string' ? entry[0] : standInOf(entry[0]), entry[1], at])
      else entries.push([standInOf(entry), {}, at])
    })
  else if (isObject(value)) for (const [name, options] of Object.entries(value)) entries.push([name, options, keyPath('plugins', name)])
  else if (value !== undefined) findings.dropped('plugins', 'plugins must be a list or an object')
  for (const [name, options, at] of entries) {
    if (name === undefined) {
      findings.dropped(at, 'a plugin written in the config (an object or a function) runs VuePress code, which gptnotes does not')
      continue
    }
    const full = pluginPackage(name)
    const where = `${at} (${name})`
    if (options === false) {
      findings.dropped(where, 'turned off in the VuePress config')
      continue
    }
    const handler = PLUGINS[full]
    if (handler) handler(isObject(options) ? options : {}, where, out, findings, notes)
    else findings.dropped(where, DROPPED_WHY[full] ?? 'gptnotes runs no VuePress plugins and has no counterpart of this one', 'check what it did for readers; open an issue if gptnotes should have it')
  }
  return out
}
