import { relative, resolve } from 'node:path'
import { loadConfig } from '../../render/config/load-config.js'
import { formatError } from '../format-problem.js'
import type { SiteConfig } from '../../shared/types.js'
import { addToSidebar } from '../../tools/new-post/add-to-sidebar.js'
import { parseList, type PostAnswers } from '../../tools/new-post/answers.js'
import { composePage, pageExists, pageFile, writePage } from '../../tools/new-post/page-file.js'
import { DATE_RULE, todaySiteDate, toSiteDate } from '../../tools/new-post/site-date.js'
import { readSiteTaxonomy } from '../../tools/new-post/site-taxonomy.js'
import { handbookPath, sidebarGroups } from '../../tools/new-post/sidebar-groups.js'
import { slugProblem, titleToSlug } from '../../tools/new-post/slug.js'
import { DEFAULT_TEMPLATE, loadTemplates, type PostTemplate } from '../../tools/new-post/templates.js'

export interface NewPostOptions {
  root: string
  title?: string
  slug?: string
  tags?: string
  categories?: string
  date?: string
  template?: string
  group?: string
  yes?: boolean
  force?: boolean
  debug?: boolean
}

/** A refusal: printed as `error …` (+ hint) and turned into the exit code. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly code: 1 | 2,
    readonly hint?: string,
  ) {
    super(message)
  }
}

/** The serve address of a page (`gptnotes serve` defaults: 127.0.0.1:4173). */
export function previewUrl(config: SiteConfig, slug: string): string {
  return `http://127.0.0.1:4173${config.base.replace(/\/$/, '')}${handbookPath(slug)}`
}

/**
 * `gptnotes new-post`: gather the answers (flags, then prompts when a terminal can answer
 * them, else defaults), write `content/handbook/<slug>.md`, add it to a sidebar group.
 * Returns the exit code.
 */
export async function newPostCommand(opts: NewPostOptions): Promise<number> {
  const root = resolve(opts.root)
  let loaded: Awaited<ReturnType<typeof loadConfig>>
  try {
    loaded = await loadConfig(root)
  } catch (err) {
    console.error(formatError(err, { debug: !!opts.debug }))
    return 1
  }
  const { config, file: configFile } = loaded
  try {
    const templates = loadTemplates(root)
    const groups = [...new Set(sidebarGroups(config.themeConfig.sidebar).map((g) => g.title))]
    const preset = presetFromFlags(opts, templates, groups)
    const canAsk = !opts.yes && !!process.stdin.isTTY

    // Refuse what the flags already got wrong before asking anything else.
    if (preset.slug !== undefined) checkSlug(root, preset.slug, !!opts.force)

    let answers: PostAnswers | undefined
    if (canAsk) {
      const taxonomy = readSiteTaxonomy(root)
      const { askInTerminal } = await import('./ui.js') // ink loads only when there is someone to ask
      answers = await askInTerminal({
        preset,
        choices: { tags: taxonomy.tags, categories: taxonomy.categories, templates, groups },
        defaults: { date: todaySiteDate(), template: defaultTemplate(templates) },
        pageExists: (slug) => pageExists(root, slug),
        force: !!opts.force,
      })
      if (!answers) {
        console.error('cancelled: nothing was written')
        return 1
      }
    } else {
      answers = withDefaults(preset, templates, !!opts.yes)
    }
    checkSlug(root, answers.slug, !!opts.force)

    const template = templates.find((t) => t.name === answers.template)
    if (!template) throw new Refusal(`no template named "${answers.template}"`, 2)
    const file = pageFile(root, answers.slug)
    const overwrote = pageExists(root, answers.slug)
    writePage(file, composePage(answers, template, config.themeConfig.author))
    console.log(`${overwrote ? 'overwrote' : 'created'} ${relative(process.cwd(), file) || file} (template ${template.name})`)

    if (answers.group !== undefined) {
      const path = handbookPath(answers.slug)
      const result = configFile
        ? await addToSidebar(root, configFile, answers.group, path)
        : ({ status: 'manual', reason: 'the site has no gptnotes.config.ts' } as const)
      const where = configFile ? relative(process.cwd(), configFile) || configFile : 'gptnotes.config.ts'
      if (result.status === 'added') console.log(`added ${path} to the sidebar group "${answers.group}" in ${where}`)
      else if (result.status === 'present') console.log(`${path} is already in the sidebar group "${answers.group}"`)
      else {
        console.warn(`warning could not add the page to the sidebar: ${result.reason}`)
        console.warn(`add this line as the last child of the group "${answers.group}" (themeConfig.sidebar) in ${where}:\n  '${path}',`)
      }
    }
    console.log(`preview at ${previewUrl(config, answers.slug)} while \`gptnotes serve${root === resolve('.') ? '' : ` --root ${relative(process.cwd(), root) || '.'}`}\` runs`)
    return 0
  } catch (err) {
    if (err instanceof Refusal) {
      console.error(`error ${err.message}`)
      if (err.hint) console.error(`hint: ${err.hint}`)
      return err.code
    }
    console.error(formatError(err, { debug: !!opts.debug }))
    return 1
  }
}

/** The answers the flags give, checked; an unknown template, group or a bad date is bad usage. */
function presetFromFlags(opts: NewPostOptions, templates: PostTemplate[], groups: string[]): Partial<PostAnswers> {
  const preset: Partial<PostAnswers> = {}
  if (opts.title !== undefined) {
    if (!opts.title.trim()) throw new Refusal('--title is empty', 2, 'Give the page a title: --title "如何注册 ChatGPT"')
    preset.title = opts.title.trim()
  }
  if (opts.slug !== undefined) preset.slug = opts.slug.trim()
  if (opts.tags !== undefined) preset.tags = parseList(opts.tags)
  if (opts.categories !== undefined) preset.categories = parseList(opts.categories)
  if (opts.date !== undefined) {
    const date = toSiteDate(opts.date)
    if (!date) throw new Refusal(`--date "${opts.date}" is not a real day`, 2, DATE_RULE)
    preset.date = date
  }
  if (opts.template !== undefined) {
    if (!templates.some((t) => t.name === opts.template)) {
      throw new Refusal(`no template named "${opts.template}"`, 2, `Choose one of: ${templates.map((t) => t.name).join(', ')} (files in templates/).`)
    }
    preset.template = opts.template
  }
  if (opts.group !== undefined) {
    if (!groups.includes(opts.group)) {
      throw new Refusal(
        `no sidebar group titled "${opts.group}"`,
        2,
        groups.length ? `Choose one of: ${groups.map((g) => JSON.stringify(g)).join(', ')} (themeConfig.sidebar).` : 'The site has no sidebar groups (themeConfig.sidebar); leave out --group.',
      )
    }
    preset.group = opts.group
  }
  return preset
}

/** Without prompts: the title must be given; everything else has a default. */
function withDefaults(preset: Partial<PostAnswers>, templates: PostTemplate[], yes: boolean): PostAnswers {
  if (preset.title === undefined) {
    throw new Refusal(
      `--title is required ${yes ? 'with --yes' : 'when there is no terminal to ask in (stdin is not a TTY)'}`,
      2,
      'Pass every answer as a flag, e.g. gptnotes new-post --title "如何注册 ChatGPT" --tags ChatGPT --yes',
    )
  }
  const slug = preset.slug ?? titleToSlug(preset.title)
  if (!slug) throw new Refusal(`cannot make a slug from the title "${preset.title}"`, 1, 'Give one with --slug, e.g. --slug my_new_page')
  return {
    title: preset.title,
    slug,
    tags: preset.tags ?? [],
    categories: preset.categories ?? [],
    date: preset.date ?? todaySiteDate(),
    template: preset.template ?? defaultTemplate(templates),
    group: preset.group,
  }
}

function defaultTemplate(templates: PostTemplate[]): string {
  return templates.some((t) => t.name === DEFAULT_TEMPLATE) ? DEFAULT_TEMPLATE : (templates[0]?.name ?? DEFAULT_TEMPLATE)
}

function checkSlug(root: string, slug: string, force: boolean): void {
  const problem = slugProblem(slug)
  if (problem) throw new Refusal(problem, 1)
  if (!force && pageExists(root, slug)) {
    throw new Refusal(`content/handbook/${slug}.md already exists`, 1, 'Choose another --slug, or pass --force to overwrite the page.')
  }
}
