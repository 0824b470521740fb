import { siteLocaleOf } from '../../shared/site-locale.js'
import type { SiteConfig } from '../../shared/types.js'
import { locateKey } from '../content/frontmatter.js'
import type { ParsedPage, SourceFile } from '../content/parse-page.js'
import { configLocation, problem, warning } from '../errors/index.js'
import type { ReferenceReport } from './check-references.js'
import { homeHeroOf } from './home-hero.js'
import { configImageRefs, publicAssetOf } from './theme-images.js'

/**
 * The theme's part of checkReferences: every image the config names under `content/public/`
 * (`logo`, `authorAvatar`, friend logos) and every one a home page's hero names (`heroImage`,
 * `bgImage`) must be there, an error at its key path (in the config, or the page's frontmatter
 * line); a hero field the theme cannot show is a warning at its line.
 */
export function checkTheme(
  config: SiteConfig,
  parsed: readonly ParsedPage[],
  sources: readonly SourceFile[],
  knownAssets: ReadonlySet<string>,
  /** The config file as shown in errors, and its text. */
  configFile?: { file: string; source: string },
): ReferenceReport {
  const report: ReferenceReport = { errors: [], warnings: [] }
  for (const { keyPath, ref } of configImageRefs(config)) {
    const asset = publicAssetOf(ref)
    if (knownAssets.has(asset)) continue
    const loc = configFile && configLocation(configFile.file, configFile.source, keyPath)
    report.errors.push(problem('ThemeImageMissing', { key: keyPath, ref, asset }, loc, { source: configFile?.source }))
  }
  // The files, not their text: a source left unread (`readSources`) is read only for a home page.
  const fileOf = new Map(sources.map((s) => [s.relativePath, s]))
  for (const { page } of parsed) {
    if (page.frontmatter.home !== true && page.path !== '/') continue
    const source = fileOf.get(page.relativePath)?.source ?? ''
    const file = `content/${page.relativePath}`
    const at = (field: string) => ({ file, ...locateKey(source, field) })
    const { findings, images } = homeHeroOf(page.frontmatter, { base: config.base, locale: siteLocaleOf(config, page.path), pageTitle: page.title })
    for (const f of findings) {
      const text = f.kind === 'invalid' ? `it must be ${f.expected}` : `${f.property ? `"${f.property}" ` : ''}${f.reason}`
      report.warnings.push(warning('HomeFieldIgnored', { field: f.field, problem: text }, at(f.field)))
    }
    for (const { field, ref } of images) {
      const asset = publicAssetOf(ref)
      if (!knownAssets.has(asset)) report.errors.push(problem('ThemeImageMissing', { key: field, ref, asset }, at(field), { source }))
    }
  }
  return report
}
