/** The package's public API: `defineConfig` for `gptnotes.config.ts`, and the config types. */
import type { HeadTag, LocaleConfig, NavItem, SidebarConfig, SiteConfig, ThemeConfig } from './shared/types.js'

export type { HeadTag, LocaleConfig, NavItem, SidebarConfig, SiteConfig, ThemeConfig }

type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T

export type UserConfig = DeepPartial<Omit<SiteConfig, 'themeConfig'>> & { themeConfig?: DeepPartial<ThemeConfig> }

/** Types the site config; every field is optional and has a default. */
export function defineConfig(config: UserConfig): UserConfig {
  return config
}
