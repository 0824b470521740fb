import type { SiteConfig } from '../../shared/types.js'

/** Every default of the site config, in one place (the spec's *Site data* defaults). */
export function defaultConfig(): SiteConfig {
  return {
    title: '',
    description: '',
    base: '/gpt/',
    hostname: '',
    lang: 'en-US',
    head: [],
    locales: { '/': { lang: 'zh-CN' } },
    themeConfig: {
      nav: [],
      sidebar: 'auto',
      sidebarDepth: 2,
      author: '',
      search: true,
      searchMaxSuggestions: 10,
      smoothScroll: true,
      lastUpdated: '上次更新',
      comments: { enabled: false, solution: '', options: {} },
      email: { enabled: false },
      feeds: { rss: false, atom: false, json: false },
    },
  }
}
