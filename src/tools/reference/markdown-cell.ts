/**
 * Text for one cell of a generated Markdown table: on one line (a doc comment's line breaks
 * become spaces), with `|` escaped so it cannot end the cell and, outside code spans, `<` escaped
 * so `<root>` shows as written rather than as an HTML tag; `code` wraps it in backticks.
 */
export function markdownCell(text: string, code = false): string {
  const line = text.replace(/\s*\n\s*/g, ' ').trim().replace(/\|/g, '\\|')
  if (code) {
    // A backtick inside needs a longer fence around it.
    return line.includes('`') ? `\`\` ${line} \`\`` : `\`${line}\``
  }
  return line
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? part : part.replace(/</g, '\\<')))
    .join('')
}
