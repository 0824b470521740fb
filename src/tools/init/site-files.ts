import type { InitAnswers } from './answers.js'

/** A file of the new site: its path inside the site folder and its text. */
export interface SiteFile {
  path: string
  text: string
}

export interface SiteFileContext {
  /** The first post's date, `2026-11-28` (the site's day). */
  date: string
  /** The dependency spec of gptnotes in the site's package.json (`^0.1.0`, a tarball path …). */
  packageSpec: string
  /** The CI workflow shipped with the package (`templates/ci/github-actions.yml`). */
  ciWorkflow: string
}

/**
 * Every file of a new site, as text: pure, so the files a test sees are the files a person
 * gets. The config keeps to fields whose meaning a newcomer can read from its comments.
 */
export function siteFiles(answers: InitAnswers, ctx: SiteFileContext): SiteFile[] {
  const t = words(answers)
  return [
    { path: 'gptnotes.config.ts', text: configFile(answers, t) },
    { path: 'content/README.md', text: homePage(answers, t) },
    { path: `content/handbook/${FIRST_POST}.md`, text: firstPost(ctx.date, t) },
    { path: 'package.json', text: packageJson(answers, ctx.packageSpec) },
    { path: '.gitignore', text: 'node_modules/\ndist/\n# the comment store `gptnotes serve` and `gptnotes proxy` keep by default\n*.db\n*.db-*\n' },
    { path: '.github/workflows/build.yml', text: ctx.ciWorkflow },
  ]
}

/** The first post's file name (without `.md`) under `content/handbook/`, where `new-post` writes too. */
export const FIRST_POST = 'getting-started'

type Words = ReturnType<typeof words>

function words({ lang, title }: InitAnswers) {
  const zh = lang === 'zh-CN'
  return {
    title,
    home: zh ? '首页' : 'Home',
    guides: zh ? '指南' : 'Guides',
    description: zh ? `${title}：用 gptnotes 搭建的网站。` : `${title}, built with gptnotes.`,
    postTitle: zh ? '从这里开始' : 'Getting started',
    postDescription: zh ? '这个网站怎么写、怎么预览、怎么发布。' : 'How to write, preview and publish this site.',
    tag: zh ? '入门' : 'Basics',
    welcome: zh ? `欢迎来到${title}` : `Welcome to ${title}`,
    homeBody: zh
      ? '这是网站的首页，文件是 `content/README.md`。改写它，或者先读一读[第一篇文章](./handbook/getting-started.md)。'
      : 'This is the home page, `content/README.md`. Rewrite it, or read [the first post](./handbook/getting-started.md) first.',
    postBody: zh
      ? [
          '## 写作',
          '',
          '文章是 `content/` 下的 Markdown 文件，开头的 frontmatter 写标题、日期、标签和描述。`npx gptnotes new-post` 会一步步问你，再生成新文章。',
          '',
          '## 预览',
          '',
          '`npm run dev` 在 http://127.0.0.1:4173/ 打开网站，保存文件后页面会自动刷新。',
          '',
          '## 发布',
          '',
          '`npm run build` 把网站生成到 `dist/`，把它上传到任意静态托管即可；`npm run check` 检查所有链接。',
        ]
      : [
          '## Writing',
          '',
          'Pages are markdown files under `content/`; the frontmatter at the top holds the title, date, tags and description. `npx gptnotes new-post` asks for them and writes a new post.',
          '',
          '## Preview',
          '',
          '`npm run dev` serves the site at http://127.0.0.1:4173/ and reloads a page when you save it.',
          '',
          '## Publish',
          '',
          '`npm run build` writes the site to `dist/`: upload that folder to any static host. `npm run check` checks every link.',
        ],
  }
}

/** A single-quoted TypeScript string, as the rest of the config is written. */
const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

function configFile(a: InitAnswers, t: Words): string {
  const lines = [
    "import { defineConfig } from 'gptnotes'",
    '',
    '// Every field is optional; hover one in an editor for its meaning and default.',
    'export default defineConfig({',
    `  title: ${q(a.title)},`,
    `  description: ${q(t.description)},`,
    '  // The path the site is served under: "/" at a domain\'s root, "/docs/" in a folder.',
    "  base: '/',",
    '  // The absolute address of the site, for canonical links, the sitemap and feeds (set it before publishing).',
    "  // hostname: 'https://example.com',",
    `  locales: { '/': { lang: ${q(a.lang)} } },`,
    '  themeConfig: {',
    `    nav: [{ text: ${q(t.home)}, link: '/' }],`,
  ]
  if (a.kind === 'docs') {
    lines.push(
      '    // The sidebar: groups of pages, in order (a path is the page\'s file under content/, .md → .html).',
      `    sidebar: [{ title: ${q(t.guides)}, collapsable: false, children: ['/handbook/${FIRST_POST}.html'] }],`,
    )
  } else {
    lines.push("    // A blog: the home page lists the posts; each page's sidebar is its own headings.", "    sidebar: 'auto',")
  }
  if (a.comments) {
    lines.push(
      '    // Comments and the visitor counter. `gptnotes serve` runs the comment service itself;',
      '    // for the published site, run `gptnotes proxy` (or the edge worker) and set',
      "    // valineConfig.serverURLs to its address.",
      "    comments: { enabled: true, solution: 'valine', valineConfig: {} },",
    )
  }
  if (a.mascot) lines.push('    // The mascot (看板娘): the built-in character, drawn without any licensed runtime.', "    mascot: { theme: ['builtin'] },")
  lines.push('  },', '})', '')
  return lines.join('\n')
}

function homePage(a: InitAnswers, t: Words): string {
  return ['---', 'home: true', `title: ${q(a.title)}`, `description: ${q(t.description)}`, '---', '', `## ${t.welcome}`, '', t.homeBody, ''].join('\n')
}

function firstPost(date: string, t: Words): string {
  return ['---', `title: ${q(t.postTitle)}`, `date: ${date}`, `description: ${q(t.postDescription)}`, 'tags:', `  - ${t.tag}`, '---', '', ...t.postBody, ''].join('\n')
}

function packageJson(a: InitAnswers, spec: string): string {
  const pkg = {
    name: packageName(a.title),
    private: true,
    type: 'module',
    scripts: {
      dev: 'gptnotes serve',
      build: 'gptnotes build',
      check: 'gptnotes check-links',
      'new-post': 'gptnotes new-post',
    },
    devDependencies: { gptnotes: spec },
    // npm 11 runs a dependency's install script only when listed here: esbuild fetches its
    // binary, better-sqlite3 builds the comment store's driver.
    allowScripts: { esbuild: true, 'better-sqlite3': true },
    engines: { node: '>=20.19' },
  }
  return JSON.stringify(pkg, null, 2) + '\n'
}

/** An npm package name from the title: ASCII words, else `my-site`. */
export function packageName(title: string): string {
  const name = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return name || 'my-site'
}
