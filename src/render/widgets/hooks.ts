import type { Plugin } from 'esbuild'
import type { SiteConfig } from '../../shared/types.js'
import type { OutputContents } from '../emit/write-output.js'

/** What a widget's assets hook is given. */
export interface AssetsInput {
  /** The site folder (packages are found from it, config paths are relative to it). */
  root: string
  config: SiteConfig
  /** The config file (absolute), to point errors at an option. */
  configFile?: string
}

/**
 * What a widget needs of the build beyond its declaration (src/shared/widgets/<name>.ts), which
 * is pure: these run in Node. Each is optional; most widgets have none.
 */
export interface BuildHooks {
  /** Files it copies into the output, and what joins its site data (their addresses). Throws the catalogue's errors. */
  assets?(input: AssetsInput): { files: [path: string, contents: OutputContents][]; data?: object }
  /** Output folders its assets hook fills with content-hashed names only (cached for a year), each ending in `/`. */
  hashedDirs?: readonly string[]
  /** esbuild plugins the client bundle needs for its code. The bundle is the same for every site: these read no config. */
  bundlePlugins?(): Plugin[]
  /** Whether the config turns it on but leaves its comment service to the build (`gptnotes serve` runs one; `build` warns and leaves it out). */
  needsService?(config: SiteConfig): boolean
}
