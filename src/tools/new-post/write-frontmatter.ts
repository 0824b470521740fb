/** The frontmatter fields a new page starts with, in the order the site's pages write them. */
export interface NewPageFields {
  title: string
  /** `2025-5-13` */
  date: string
  author?: string
  description: string
  tags: string[]
  categories: string[]
}

/** The `---` block for a new page: plain YAML where that reads back the same, quoted otherwise. */
export function writeFrontmatter(fields: NewPageFields): string {
  const lines = ['---', `title: ${yamlScalar(fields.title)}`, `date: ${fields.date}`]
  if (fields.author) lines.push(`author: ${yamlScalar(fields.author)}`)
  lines.push(`description: ${yamlScalar(fields.description)}`)
  for (const key of ['tags', 'categories'] as const) {
    const list = fields[key]
    if (list.length === 0) lines.push(`${key}: []`)
    else lines.push(`${key}:`, ...list.map((v) => `  - ${yamlScalar(v)}`))
  }
  lines.push('---')
  return lines.join('\n') + '\n'
}

/**
 * A YAML string value. Left plain when it cannot be read as anything else (the site's pages
 * write `title: 野卡（WildCard）虚拟卡：开卡与使用`); otherwise a double-quoted JSON string,
 * which is valid YAML and keeps every character.
 */
export function yamlScalar(value: string): string {
  const plainSafe =
    value !== '' &&
    value === value.trim() &&
    !/[\n\r\t]/.test(value) &&
    !/^[-?:,[\]{}#&*!|>'"%@`]/.test(value) && // YAML indicators at the start
    !/: |:$| #/.test(value) && // a key/value separator or a comment inside
    !/^(?:true|false|yes|no|on|off|null|~|y|n)$/i.test(value) && // booleans and null
    !/^[-+]?(?:\.?\d|\.(?:inf|nan)$)/i.test(value) && // numbers (and dates)
    !/[\u0000-\u001f\u007f\ufeff]/.test(value)
  return plainSafe ? value : JSON.stringify(value)
}
