import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { PostAnswers } from './answers.js'
import { fillPlaceholders, type PostTemplate } from './templates.js'
import { writeFrontmatter } from './write-frontmatter.js'

const DEFAULT_DESCRIPTION = '待补充：用一两句话介绍这篇文章（会显示在搜索结果和分享卡片里）。'

/** Where a new page goes: `DIR/content/handbook/<slug>.md`. */
export function pageFile(root: string, slug: string): string {
  return join(root, 'content', 'handbook', `${slug}.md`)
}

export function pageExists(root: string, slug: string): boolean {
  return existsSync(pageFile(root, slug))
}

/** The new page's text: frontmatter, then the template's body with its placeholders filled. */
export function composePage(answers: PostAnswers, template: PostTemplate, author: string): string {
  const values = { title: answers.title, date: answers.date, author, slug: answers.slug }
  const front = writeFrontmatter({
    title: answers.title,
    date: answers.date,
    author,
    description: fillPlaceholders(template.description ?? DEFAULT_DESCRIPTION, values),
    tags: answers.tags,
    categories: answers.categories,
  })
  return `${front}\n${fillPlaceholders(template.body, values).trimEnd()}\n`
}

export function writePage(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
}
