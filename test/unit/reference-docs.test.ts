// The generated references are what `npm run docs` writes from the schema and the program, and
// they name every field and every command, so a new config key or command fails here until the
// files are regenerated.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliReference } from '../../src/cli/cli-reference.js'
import { createProgram } from '../../src/cli/program.js'
import { configFields, configReference } from '../../src/tools/reference/config-reference.js'
import { siteConfigSchema } from '../../src/shared/site-config.js'

const REPO_ROOT = join(import.meta.dirname, '../..')
const committed = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8')

describe('docs/reference/config.md', () => {
  const fields = configFields()

  it('is what `npm run docs` writes from src/shared/site-config.ts', () => {
    expect(committed('docs/reference/config.md'), 'docs/reference/config.md is out of date: run `npm run docs`').toBe(configReference())
  }, 120_000)

  it("lists every field of the schema's runtime shape, with its doc comment and default", () => {
    // Walk the schema as the config check does: every object field, to any depth.
    type Node = { shape?: Record<string, Node> }
    const paths: string[] = []
    const walk = (s: Node, prefix: string) => {
      for (const [k, v] of Object.entries(s.shape ?? {})) {
        paths.push(`${prefix}${k}`)
        walk(v, `${prefix}${k}.`)
      }
    }
    walk(siteConfigSchema as Node, '')
    const listed = new Set(fields.map((f) => f.path))
    expect(paths.filter((p) => !listed.has(p))).toEqual([])
    const base = fields.find((f) => f.path === 'base')!
    expect(base).toEqual({ path: 'base', type: 'string', default: "'/gpt/'", doc: 'The path the site is served under; starts and ends with `/`.' })
    expect(fields.find((f) => f.path === 'themeConfig.lastUpdated')).toMatchObject({ type: 'string | false', default: "'上次更新'" })
    expect(fields.find((f) => f.path === 'themeConfig.friendLink[].title')?.doc).toBe("The friend's name.")
    // A per-locale variant's field shares its doc with the base one but takes the base's value, not a default.
    expect(fields.find((f) => f.path === 'themeConfig.comments.valineConfig.lang')?.default).toBe("'zh-CN'")
    expect(fields.find((f) => f.path === 'themeConfig.comments.locales[key].valineConfig.lang')).toMatchObject({ default: undefined, doc: "The box's language." })
  }, 120_000)

  it('reads a field added to the schema without other changes', () => {
    // The generator reads the declaration, so a new key with a doc comment is one more row.
    const source = committed('src/shared/site-config.ts').replace(
      '  /** The default language, used when no locale matches.',
      "  /** A field only this test declares. @default 7 */\n  answer: withDefault(number, 7),\n  /** The default language, used when no locale matches.",
    )
    expect(source).toContain('answer: withDefault')
    const scratch = join(REPO_ROOT, 'src/shared/.reference-test-site-config.ts')
    writeFileSync(scratch, source)
    try {
      expect(configFields(scratch).find((f) => f.path === 'answer')).toEqual({ path: 'answer', type: 'number', default: '7', doc: 'A field only this test declares.' })
    } finally {
      rmSync(scratch, { force: true })
    }
  }, 120_000)
})

describe('docs/reference/cli.md', () => {
  it('is what `npm run docs` writes from the commands of src/cli/commands.ts', () => {
    expect(committed('docs/reference/cli.md'), 'docs/reference/cli.md is out of date: run `npm run docs`').toBe(cliReference())
  })

  it('names every command, argument and option of the program', () => {
    const page = cliReference()
    const walk = (cmd: ReturnType<typeof createProgram>): string[] =>
      cmd.commands.flatMap((c) => [`gptnotes ${c.name()}`, ...c.registeredArguments.map((a) => a.name()), ...c.options.map((o) => o.flags), ...walk(c)])
    const missing = walk(createProgram()).filter((s) => !page.includes(s.startsWith('gptnotes ') ? s.split(' ').pop()! : s))
    expect(missing).toEqual([])
    expect(page).toContain('## `gptnotes comments import`')
    expect(page).toContain('| `--port <port>` | port to listen on | `4173` |')
  })

  it('documents a command added to the program', () => {
    const program = createProgram()
    program.command('hello').description('say hello').argument('<name>', 'whom to greet').option('--loud', 'shout it')
    const page = cliReference(program)
    expect(page).toContain('## `gptnotes hello`')
    expect(page).toContain('gptnotes hello <name> [options]')
    expect(page).toContain('| `--loud` | shout it | — |')
  })
})

