/**
 * docs/reference/cli.md, written from the commander program itself (src/cli/program.ts): every
 * command and subcommand with its arguments, options, defaults and descriptions, so the page
 * cannot miss a command or an option. `npm run docs` rewrites the file;
 * test/unit/reference-docs.test.ts fails while it differs.
 */
import type { Argument, Command, Option } from 'commander'
import { markdownCell } from '../tools/reference/markdown-cell.js'
import { createProgram } from './program.js'

const shownDefault = (value: unknown): string => (value === undefined ? '—' : `\`${Array.isArray(value) ? value.join(' ') : String(value)}\``)

function argumentUsage(a: Argument): string {
  const name = `${a.name()}${a.variadic ? '...' : ''}`
  return a.required ? `<${name}>` : `[${name}]`
}

/** The command's name from the program down, `gptnotes comments import`. */
function fullName(cmd: Command): string {
  const names: string[] = []
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name())
  return names.join(' ')
}

function section(cmd: Command): string[] {
  const args = cmd.registeredArguments
  const options = cmd.options.filter((o: Option) => !o.hidden)
  const usage = [fullName(cmd), ...args.map(argumentUsage), ...(options.length ? ['[options]'] : [])].join(' ')
  const lines = [`## \`${fullName(cmd)}\``, '', markdownCell(cmd.description()), '', '```', usage, '```', '']
  if (args.length) {
    lines.push('| argument | meaning | default |', '|---|---|---|')
    for (const a of args) lines.push(`| \`${argumentUsage(a)}\` | ${markdownCell(a.description)} | ${shownDefault(a.defaultValue)} |`)
    lines.push('')
  }
  if (options.length) {
    lines.push('| option | meaning | default |', '|---|---|---|')
    for (const o of options) lines.push(`| \`${o.flags}\`${o.mandatory ? ' (required)' : ''} | ${markdownCell(o.description)} | ${shownDefault(o.defaultValue)} |`)
    lines.push('')
  }
  return lines
}

/** Every command that does something (a group such as `comments` only names its subcommands). */
function commandsOf(cmd: Command): Command[] {
  return cmd.commands.flatMap((c) => [c, ...commandsOf(c)])
}

/** The Markdown page. */
export function cliReference(program: Command = createProgram()): string {
  const commands = commandsOf(program)
  const index = commands.map((c) => `- [\`${fullName(c)}\`](#${fullName(c).replace(/ /g, '-')}): ${markdownCell(c.description())}`)
  return [
    '<!-- Written by `npm run docs` from the commands of src/cli/commands.ts; edit the descriptions there, not this file. -->',
    '',
    '# CLI reference (`gptnotes`)',
    '',
    `${markdownCell(program.description())} Every command takes \`--help\`; \`gptnotes --version\` prints the version.`,
    'Exit codes: 0 success, 1 a user error (bad content or config, a broken link), 2 bad usage.',
    'What each command does in detail, with examples: [the CLI guide](../guide/cli.md).',
    '',
    ...index,
    '',
    ...commands.flatMap(section),
  ].join('\n')
}
