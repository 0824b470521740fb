import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { PACKAGE_ROOT } from '../../render/package-root.js'
import { DEFAULT_ANSWERS, defaultTitle, KINDS, LANGS, type InitAnswers, type InitLang, type SiteKind } from '../../tools/init/answers.js'
import { siteFiles } from '../../tools/init/site-files.js'
import { occupiedBy, writeSite } from '../../tools/init/write-site.js'
import { todaySiteDate } from '../../tools/new-post/site-date.js'

export interface InitOptions {
  dir: string
  title?: string
  lang?: string
  kind?: string
  comments?: boolean
  mascot?: boolean
  package?: string
  yes?: boolean
  force?: boolean
}

/** The package's own version, for the new site's dependency. */
function ownVersion(): string {
  return (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version
}

/** `zh`, `zh-cn`, `en` … → the language tag the config takes; undefined for anything else. */
function langOf(value: string): InitLang | undefined {
  const v = value.toLowerCase()
  if (v === 'zh' || v === 'zh-cn') return 'zh-CN'
  if (v === 'en' || v === 'en-us') return 'en-US'
  return undefined
}

/**
 * `gptnotes init [DIR]`: a new site in one command. Answers come from the flags, then from
 * questions when a terminal can answer them (unless `--yes`), then the defaults. Returns the
 * exit code: 1 for a folder with someone's files in it (without `--force`), 2 for bad flags.
 */
export async function initCommand(opts: InitOptions): Promise<number> {
  const dir = resolve(opts.dir)
  const preset: Partial<InitAnswers> = {}
  if (opts.title !== undefined) {
    if (!opts.title.trim()) return usage('--title must not be empty')
    preset.title = opts.title.trim()
  }
  if (opts.lang !== undefined) {
    const lang = langOf(opts.lang)
    if (!lang) return usage(`--lang must be one of ${LANGS.join(', ')} (or zh, en), got "${opts.lang}"`)
    preset.lang = lang
  }
  if (opts.kind !== undefined) {
    if (!KINDS.includes(opts.kind as SiteKind)) return usage(`--kind must be one of ${KINDS.join(', ')}, got "${opts.kind}"`)
    preset.kind = opts.kind as SiteKind
  }
  if (opts.comments !== undefined) preset.comments = opts.comments
  if (opts.mascot !== undefined) preset.mascot = opts.mascot

  const occupied = occupiedBy(dir)
  if (occupied.length && !opts.force) {
    console.error(`error ${relative(process.cwd(), dir) || '.'} is not empty: ${occupied.slice(0, 5).join(', ')}${occupied.length > 5 ? ' …' : ''}`)
    console.error('  hint: choose a new folder (gptnotes init my-site), or add --force to write the site\'s files over what is there')
    return 1
  }

  let answers: InitAnswers
  if (!opts.yes && process.stdin.isTTY && process.stdout.isTTY) {
    const { askInTerminal } = await import('./ui.js') // ink loads only when there is someone to ask
    const asked = await askInTerminal(preset)
    if (!asked) {
      console.error('cancelled: nothing was written')
      return 1
    }
    answers = asked
  } else {
    const lang = preset.lang ?? DEFAULT_ANSWERS.lang
    answers = { ...DEFAULT_ANSWERS, title: defaultTitle(lang), ...preset }
  }

  const files = siteFiles(answers, {
    date: todaySiteDate(),
    packageSpec: opts.package ?? `^${ownVersion()}`,
    ciWorkflow: readFileSync(join(PACKAGE_ROOT, 'templates', 'ci', 'github-actions.yml'), 'utf8'),
  })
  const written = writeSite(dir, files)
  const where = relative(process.cwd(), dir) || '.'
  const zh = answers.lang === 'zh-CN'
  console.log(zh ? `已在 ${where} 创建网站「${answers.title}」：` : `Created "${answers.title}" in ${where}:`)
  for (const file of written) console.log(`  ${file}`)
  console.log('')
  console.log(zh ? '接下来：' : 'Next:')
  if (where !== '.') console.log(`  cd ${where}`)
  console.log(`  npm install${zh ? '        # 安装 gptnotes' : '        # installs gptnotes'}`)
  console.log(`  npm run dev${zh ? '        # 预览：http://127.0.0.1:4173/' : '        # preview at http://127.0.0.1:4173/'}`)
  console.log(`  npm run build${zh ? '      # 生成 dist/' : '      # writes dist/'}`)
  return 0
}

function usage(message: string): number {
  console.error(`error ${message}`)
  return 2
}
