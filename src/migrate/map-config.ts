import { type Finding, Findings, keyPath } from './findings.js'
import { mapHead } from './map-head.js'
import { mapNav } from './map-nav.js'
import { mapPlugins } from './map-plugins.js'
import { mapSidebar } from './map-sidebar.js'
import { valineComments, vssueComments } from './map-comments.js'
import { editLinkPattern, friendLinks, lastUpdatedOf, type Notes, repoUrl, themeLocales, withBlogNav } from './map-theme.js'
import { describe, isObject } from './values.js'
import type { VuePressPages } from './vuepress-paths.js'

export interface MappedConfig {
  /** The gptnotes config, as plain data in the order it is written. */
  config: Record<string, unknown>
  /** A comment for each key path whose meaning changed. */
  notes: Notes
  findings: Finding[]
}

/** Top-level VuePress fields gptnotes has no counterpart for, with why. */
const TOP_DROPPED: Record<string, string> = {
  dest: 'gptnotes build writes to dist/ (or --out)',
  temp: 'gptnotes keeps no temporary folder of its own',
  port: 'gptnotes serve takes --port',
  host: 'gptnotes serve takes --host',
  cache: 'gptnotes keeps its caches in node_modules/.cache/gptnotes',
  extraWatchFiles: 'gptnotes serve watches the content, the config and the theme',
  patterns: 'every .md file under content/ is a page',
  shouldPrefetch: 'gptnotes preloads what a page needs first by itself',
  evergreen: 'gptnotes targets current browsers',
  configureWebpack: 'gptnotes bundles with esbuild; webpack settings do not apply',
  chainWebpack: 'gptnotes bundles with esbuild; webpack settings do not apply',
  postcss: 'the theme is plain CSS',
  stylus: 'the theme is plain CSS',
  scss: 'the theme is plain CSS',
  sass: 'the theme is plain CSS',
  less: 'the theme is plain CSS',
  define: 'no Vue app runs the pages',
  alias: 'no Vue app runs the pages',
  permalink: 'pages are addressed by their file path',
  additionalPages: 'every page is a file under content/',
  globalUIComponents: 'Vue components do not run in gptnotes pages',
  enhanceAppFiles: 'no Vue app runs the pages',
  clientRootMixin: 'no Vue app runs the pages',
  extendPageData: 'VuePress plugin hooks do not run',
  extendMarkdown: 'markdown-it plugins do not run: gptnotes reads markdown with micromark',
  ready: 'VuePress plugin hooks do not run',
  generated: 'VuePress plugin hooks do not run',
  devTemplate: 'gptnotes writes its own HTML',
  ssrTemplate: 'gptnotes writes its own HTML',
  bundler: 'gptnotes bundles with esbuild',
}

const MARKDOWN_DROPPED: Record<string, string> = {
  anchor: 'headings get their ids and # links from gptnotes (Chinese kept, as VuePress)',
  toc: '[[toc]] is not read',
  slugify: "headings' ids follow VuePress's slug rules already",
  externalLinks: 'external links open in a new tab with rel="noopener noreferrer"',
  extendMarkdown: 'markdown-it plugins do not run: gptnotes reads markdown with micromark',
  extractHeaders: 'h2 and h3 are extracted, as VuePress by default',
  plugins: 'markdown-it plugins do not run: gptnotes reads markdown with micromark',
  pageSuffix: 'pages end in .html',
  code: 'code blocks are highlighted by gptnotes',
}

/** themeConfig fields handled below (the rest are reported as dropped). */
const THEME_HANDLED = new Set([
  'nav', 'sidebar', 'sidebarDepth', 'search', 'searchMaxSuggestions', 'lastUpdated', 'repo', 'repoLabel', 'docsRepo', 'docsDir', 'docsBranch',
  'editLinks', 'editLinkText', 'smoothScroll', 'author', 'authorAvatar', 'logo', 'startYear', 'record', 'recordLink', 'cyberSecurityRecord',
  'cyberSecurityLink', 'friendLink', 'keyPage', 'locales', 'type', 'blogConfig', 'valineConfig', 'vssueConfig', 'subSidebar',
])

const THEME_DROPPED: Record<string, [reason: string, todo?: string]> = {
  algolia: ['search is local (titles, headings and text, good at Chinese): no Algolia'],
  searchPlaceholder: ['the search box has its own label (搜索)'],
  displayAllHeaders: ["only the current page's headings show in the sidebar"],
  activeHeaderLinks: ['the heading being read is always marked'],
  nextLinks: ['previous and next links always show (from the sidebar order)'],
  prevLinks: ['previous and next links always show (from the sidebar order)'],
  navbar: ['the nav bar always shows'],
  mode: ['the colour mode follows the system; readers toggle and it is remembered'],
  modePicker: ['the colour mode follows the system; readers toggle and it is remembered'],
  noFoundPageByTencent: ["reco's 404 loaded Tencent's script from a foreign host; gptnotes's not-found page is its own"],
  codeTheme: ["code colours follow gptnotes's theme"],
  huawei: ['no such notice is shown'],
  recoLocales: ["reco's UI strings are replaced by gptnotes's Chinese ones"],
  headerTitle: ["the nav shows the site's title"],
  serviceWorker: ['gptnotes writes no service worker'],
  sidebarDepthLevel: ['see sidebarDepth'],
}

/**
 * The VuePress 1 (and vuepress-theme-reco 1.x) config as a gptnotes config: each field written
 * under its gptnotes name, or reported built in or dropped with the reason. `pages` are the
 * source folder's markdown files, for sidebar entries.
 */
export function mapConfig(vp: Record<string, unknown>, pages: VuePressPages): MappedConfig {
  const findings = new Findings()
  const notes: Notes = new Map()
  const config: Record<string, unknown> = {}
  const theme = isObject(vp.themeConfig) ? vp.themeConfig : {}
  const note = (to: string, text: string) => notes.set(to, text)

  for (const key of ['title', 'description'] as const) if (typeof vp[key] === 'string') {
    config[key] = vp[key]
    findings.mapped(key, key, 'the same')
  }
  config.base = typeof vp.base === 'string' ? vp.base : '/'
  if (typeof vp.base === 'string') findings.mapped('base', 'base', 'the same')
  else {
    findings.mapped('base', 'base', "not set: VuePress's default, '/', is written (gptnotes's default is '/gpt/')")
    note('base', "VuePress's default; gptnotes's own default is '/gpt/'")
  }
  const head = mapHead(vp.head, config.base as string, findings)
  if (head.length) config.head = head

  const locales = isObject(vp.locales) ? vp.locales : undefined
  if (locales) {
    const out: Record<string, Record<string, unknown>> = {}
    for (const [key, locale] of Object.entries(locales)) {
      if (!isObject(locale)) continue
      const entry: Record<string, unknown> = {}
      for (const [field, v] of Object.entries(locale)) {
        if (['lang', 'title', 'description'].includes(field) && typeof v === 'string') entry[field] = v
        else findings.dropped(keyPath(keyPath('locales', key), field), `a locale has lang, title and description in gptnotes; ${field} is not read`, field === 'head' ? 'move its tags to head' : undefined)
      }
      out[key] = entry
    }
    config.locales = out
    findings.mapped('locales', 'locales', 'the same (lang, title, description per path prefix; the longest prefix wins)')
  } else {
    findings.mapped('locales', 'locales', "not set: VuePress's pages said lang en-US; gptnotes's default locale is { '/': { lang: 'zh-CN' } }, kept", "set locales: { '/': { lang: 'en-US' } } if the site is in English")
  }

  // The theme.
  const themeName = typeof vp.theme === 'string' ? vp.theme : undefined
  if (vp.theme === undefined || themeName === 'reco' || /vuepress-theme-reco(\/|$)/.test(themeName ?? '') || themeName === 'vuepress-theme-reco' || themeName === '@vuepress/default' || themeName === '@vuepress/theme-default')
    findings.builtin(`theme${themeName ? ` (${themeName})` : ''}`, "gptnotes's own theme (reco's layouts: home with posts, tags, categories, timeline; dark mode)")
  else findings.dropped(`theme (${describe(vp.theme)})`, "a VuePress theme's Vue components do not run in gptnotes; its own theme is used", 'check the pages for what the theme added')
  if (theme.type === 'blog') findings.builtin('themeConfig.type', "gptnotes's home always lists the posts, and the tag, category and timeline pages always exist")
  else if (theme.type !== undefined) findings.builtin('themeConfig.type', `gptnotes has one layout for every site (reco's type ${describe(theme.type)} has no counterpart)`)

  const themeOut: Record<string, unknown> = {}
  const localeCount = locales ? Object.keys(locales).length : 1
  let nav = mapNav(theme.nav, 'themeConfig.nav', pages, findings)
  if (nav) findings.mapped('themeConfig.nav', 'themeConfig.nav', 'links and dropdowns; site links end in .html as VuePress made them')
  nav = withBlogNav(nav ?? [], theme.blogConfig, localeCount, findings)
  if (typeof theme.repo === 'string') {
    const label = typeof theme.repoLabel === 'string' ? theme.repoLabel : /gitlab/i.test(theme.repo) ? 'GitLab' : /bitbucket/i.test(theme.repo) ? 'Bitbucket' : /^[^:]*$|github/i.test(theme.repo) ? 'GitHub' : 'Source'
    nav = [...nav, { text: label, link: repoUrl(theme.repo) }]
    findings.mapped('themeConfig.repo', 'themeConfig.nav', `the navbar's repo link becomes the last nav link, "${label}"`)
  }
  if (nav.length) themeOut.nav = nav

  if (theme.sidebar !== undefined) {
    const sidebar = mapSidebar(theme.sidebar, 'themeConfig.sidebar', 'themeConfig.sidebar', pages, findings)
    if (sidebar !== undefined) {
      themeOut.sidebar = sidebar
      findings.mapped('themeConfig.sidebar', 'themeConfig.sidebar', "entries become their pages' routes (README.md → the folder, .md → .html), relative ones resolved under their key as VuePress did")
      note('themeConfig.sidebar', "entries are the pages' routes, resolved as VuePress resolved them (relative entries under their key)")
    }
  } else {
    themeOut.sidebar = false
    const perLocale = isObject(theme.locales) && Object.values(theme.locales).some((l) => isObject(l) && l.sidebar !== undefined)
    findings.mapped(
      'themeConfig.sidebar',
      'themeConfig.sidebar',
      `not set${perLocale ? ' at the top (the locales set their own)' : ''}: VuePress showed no sidebar${perLocale ? ' on pages of a locale without one' : ''}; false is written (gptnotes's default is 'auto', the page's headings)`,
    )
    note('themeConfig.sidebar', "VuePress showed no sidebar without one; gptnotes's default is 'auto'")
  }
  themeOut.sidebarDepth = typeof theme.sidebarDepth === 'number' ? theme.sidebarDepth : 1
  if (typeof theme.sidebarDepth !== 'number') note('themeConfig.sidebarDepth', "VuePress's default; gptnotes's own default is 2")
  if (theme.subSidebar !== undefined) findings.builtin('themeConfig.subSidebar', "the current page's h2/h3 show in the sidebar under its link (no separate right-hand column)")

  if (theme.search === false) {
    themeOut.search = false
    findings.mapped('themeConfig.search', 'themeConfig.search', 'the same')
  }
  if (typeof theme.searchMaxSuggestions === 'number') {
    themeOut.searchMaxSuggestions = theme.searchMaxSuggestions
    findings.mapped('themeConfig.searchMaxSuggestions', 'themeConfig.searchMaxSuggestions', 'the same')
  }
  themeOut.lastUpdated = lastUpdatedOf(theme.lastUpdated)
  findings.mapped('themeConfig.lastUpdated', 'themeConfig.lastUpdated', theme.lastUpdated === undefined ? "not set: VuePress showed no date; false is written (gptnotes's default shows 上次更新)" : theme.lastUpdated === false ? 'the same: no date shown' : 'the label before the date of the last git commit')
  if (theme.lastUpdated === undefined) note('themeConfig.lastUpdated', 'VuePress showed no last-updated date without this; gptnotes shows one by default')
  else if (theme.lastUpdated === true) note('themeConfig.lastUpdated', "VuePress's label for true")
  if (typeof theme.smoothScroll === 'boolean') themeOut.smoothScroll = theme.smoothScroll
  if (typeof theme.author === 'string') {
    themeOut.author = theme.author
    findings.mapped('themeConfig.author', 'themeConfig.author', 'the default author of pages')
  }

  // Edit links: VuePress's repo settings as one pattern.
  const pattern = editLinkPattern(theme)
  if (theme.editLinks === true && pattern) {
    themeOut.editLink = { pattern, ...(typeof theme.editLinkText === 'string' ? { text: theme.editLinkText } : {}) }
    findings.mapped('themeConfig.editLinks', 'themeConfig.editLink', `repo, docsRepo, docsDir and docsBranch (default master) as one pattern: ${pattern}`)
    note('themeConfig.editLink', 'from repo/docsRepo/docsDir/docsBranch/editLinks/editLinkText; :path is the page\'s file under content/')
  } else {
    for (const key of ['docsRepo', 'docsDir', 'docsBranch', 'editLinkText'])
      if (theme[key] !== undefined) findings.dropped(`themeConfig.${key}`, 'editLinks is not true: VuePress showed no edit link')
  }

  // reco's own names, carried over as they are.
  for (const key of ['logo', 'authorAvatar', 'startYear', 'record', 'recordLink', 'cyberSecurityRecord', 'cyberSecurityLink'])
    if (theme[key] !== undefined) {
      themeOut[key] = theme[key]
      findings.mapped(`themeConfig.${key}`, `themeConfig.${key}`, 'the same (reco\'s name)')
    }
  const friends = friendLinks(theme.friendLink, findings)
  if (friends?.length) {
    themeOut.friendLink = friends
    findings.mapped('themeConfig.friendLink', 'themeConfig.friendLink', 'title, desc, logo and link of each')
  }
  if (isObject(theme.keyPage)) {
    const { keys, color, lineColor, ...rest } = theme.keyPage
    themeOut.keyPage = { keys, ...(color !== undefined ? { color } : {}), ...(lineColor !== undefined ? { lineColor } : {}) }
    findings.mapped('themeConfig.keyPage', 'themeConfig.keyPage', 'the site key (the MD5 hashes of the passwords, as reco ≥ 1.3 kept them)')
    for (const k of Object.keys(rest)) findings.dropped(`themeConfig.keyPage.${k}`, `not read (${describe(rest[k])})`)
  }
  const themeLocalesOut = themeLocales(theme.locales, pages, findings, notes)
  if (themeLocalesOut) {
    themeOut.locales = themeLocalesOut
    findings.mapped('themeConfig.locales', 'themeConfig.locales', 'per locale: nav, sidebar, lastUpdated, editLinkText, label')
  }

  // Plugins, then the theme's own comment settings (reco reads valineConfig, then vssueConfig).
  const plugins = mapPlugins(vp.plugins, findings, notes)
  let comments = plugins.comments
  if (theme.valineConfig !== undefined || theme.vssueConfig !== undefined) {
    if (comments) findings.dropped(theme.valineConfig !== undefined ? 'themeConfig.valineConfig' : 'themeConfig.vssueConfig', 'a comments plugin is configured too; its settings are used')
    else if (theme.valineConfig !== undefined) comments = valineComments(theme.valineConfig, 'themeConfig.valineConfig', 'themeConfig.comments', findings)
    else comments = vssueComments(theme.vssueConfig, 'themeConfig.vssueConfig', 'themeConfig.comments', findings)
  }
  if (comments) themeOut.comments = comments
  if (plugins.searchMaxSuggestions !== undefined) themeOut.searchMaxSuggestions ??= plugins.searchMaxSuggestions
  if (plugins.feeds) themeOut.feeds = plugins.feeds
  if (plugins.clickEffect) themeOut.clickEffect = plugins.clickEffect
  if (plugins.mascot) themeOut.mascot = plugins.mascot
  if (plugins.hostname) config.hostname = plugins.hostname

  for (const [key, value] of Object.entries(theme)) {
    if (THEME_HANDLED.has(key)) continue
    const why = THEME_DROPPED[key]
    findings.dropped(`themeConfig.${key}`, why?.[0] ?? `gptnotes's theme has no such setting (${describe(value)})`, why?.[1])
  }

  // markdown: line numbers carry over; markdown-it settings do not.
  if (isObject(vp.markdown)) {
    for (const [key, value] of Object.entries(vp.markdown)) {
      if (key === 'lineNumbers' && typeof value === 'boolean') {
        config.markdown = { lineNumbers: value }
        findings.mapped('markdown.lineNumbers', 'markdown.lineNumbers', 'line numbers on code blocks')
      } else findings.dropped(`markdown.${key}`, MARKDOWN_DROPPED[key] ?? 'markdown-it settings do not apply: gptnotes reads markdown with micromark')
    }
  }
  for (const key of Object.keys(vp)) {
    if (['title', 'description', 'base', 'head', 'locales', 'theme', 'themeConfig', 'plugins', 'markdown'].includes(key)) continue
    findings.dropped(key, TOP_DROPPED[key] ?? `gptnotes has no such setting (${describe(vp[key])})`)
  }
  config.themeConfig = themeOut
  return { config, notes, findings: findings.list }
}
