/** The package's public API: `defineConfig` for `gptnotes.config.ts`, and the config types. */
import type { UserConfig } from './shared/site-config.js'

export type {
  HeadTag,
  LocaleConfig,
  NavGroup,
  NavItem,
  NavLink,
  SidebarConfig,
  SidebarGroupConfig,
  SidebarItemConfig,
  SiteConfig,
  ThemeConfig,
  UserConfig,
} from './shared/site-config.js'

/** Types the site config; every field is optional and has a default (hover a field for it). */
export function defineConfig(config: UserConfig): UserConfig {
  return config
}
