/** Everything `new-post` needs to write a page: from flags, defaults or the prompts. */
export interface PostAnswers {
  title: string
  slug: string
  tags: string[]
  categories: string[]
  /** `2025-5-13` */
  date: string
  /** A template name (`tutorial`). */
  template: string
  /** The sidebar group's title, or undefined to leave the sidebar alone. */
  group?: string
}

/** `a, b，c` → ['a', 'b', 'c']: commas (ASCII or Chinese) separate; blanks and repeats dropped. */
export function parseList(text: string): string[] {
  return [...new Set(text.split(/[,，、]/).map((s) => s.trim()).filter(Boolean))]
}
