/**
 * docs/reference/config.md, written from the config schema's declaration
 * (src/shared/site-config.ts): every field's key path, type, default and doc comment. The doc
 * comments exist only in the source, so the TypeScript compiler reads the declared `UserConfig`
 * type (what a config file is checked against, so it is the schema's own view) and its fields'
 * JSDoc. `npm run docs` rewrites the file; test/unit/reference-docs.test.ts fails while it differs.
 */
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import type { Schema } from '../../shared/config-schema.js'
import { siteConfigSchema } from '../../shared/site-config.js'
import { markdownCell } from './markdown-cell.js'

/** The schema's source; the same path from src/ and from the compiled lib/. */
export const SITE_CONFIG_SOURCE = fileURLToPath(new URL('../../../src/shared/site-config.ts', import.meta.url))

/** One documented field. */
export interface ConfigField {
  path: string
  type: string
  default?: string
  doc: string
}

const FORMAT = ts.TypeFormatFlags.NoTruncation

/** Loads the schema's module and answers its `UserConfig` type with the checker that reads it. */
function userConfigType(source: string): { checker: ts.TypeChecker; type: ts.Type } {
  const program = ts.createProgram([source], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  })
  const checker = program.getTypeChecker()
  const file = program.getSourceFile(source)
  const module = file && checker.getSymbolAtLocation(file)
  const symbol = module && checker.getExportsOfModule(module).find((s) => s.name === 'UserConfig')
  if (!symbol) throw new Error(`${source} exports no UserConfig type`)
  return { checker, type: checker.getDeclaredTypeOfSymbol(symbol) }
}

const isObjectLike = (t: ts.Type) => (t.flags & ts.TypeFlags.Object) !== 0

/**
 * A short form of a type for the table: scalars and literals as TypeScript writes them, objects as
 * their field names (the fields have rows of their own), lists as `T[]`, functions as `function`.
 */
function shortType(checker: ts.TypeChecker, type: ts.Type, depth = 0): string {
  if (type.isUnion()) {
    const members = type.types.filter((t) => !(t.flags & ts.TypeFlags.Undefined))
    // `boolean` is the union `false | true`: keep it whole.
    const bool = members.some((t) => t.flags & ts.TypeFlags.BooleanLiteral) && members.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral).length === 2
    const parts = members.filter((t) => !(bool && t.flags & ts.TypeFlags.BooleanLiteral)).map((t) => shortType(checker, t, depth))
    return [...new Set(bool ? ['boolean', ...parts] : parts)].join(' | ')
  }
  if (checker.isTupleType(type)) {
    const items = checker.getTypeArguments(type as ts.TypeReference).map((t) => shortType(checker, checker.getNonNullableType(t), depth + 1))
    return `[${items.join(', ')}]`
  }
  if (checker.isArrayType(type)) {
    const item = shortType(checker, checker.getTypeArguments(type as ts.TypeReference)[0], depth + 1)
    return item.includes(' ') ? `(${item})[]` : `${item}[]`
  }
  if (isObjectLike(type)) {
    if (type.getCallSignatures().length) return 'function'
    const index = checker.getIndexInfosOfType(type)[0]
    if (index) return `{ [key]: ${depth > 1 ? '…' : shortType(checker, index.type, depth + 1)} }`
    const props = checker.getPropertiesOfType(type)
    // A short field list says what goes in; a long one is the rows below.
    if (!props.length || props.length > 4) return 'object'
    return `{ ${props.map((p) => `${p.name}${p.flags & ts.SymbolFlags.Optional ? '?' : ''}`).join(', ')} }`
  }
  return checker.typeToString(type, undefined, FORMAT)
}

/** The object types inside a field's type whose fields get rows of their own, with the path step to them. */
function nested(checker: ts.TypeChecker, type: ts.Type): { step: string; type: ts.Type }[] {
  const members = type.isUnion() ? type.types : [type]
  return members.flatMap((t) => {
    if (!isObjectLike(t) || t.getCallSignatures().length || checker.isTupleType(t)) return []
    if (checker.isArrayType(t)) return nested(checker, checker.getTypeArguments(t as ts.TypeReference)[0]).map((n) => ({ ...n, step: `[]${n.step}` }))
    const index = checker.getIndexInfosOfType(t)[0]
    if (index) return nested(checker, index.type).map((n) => ({ ...n, step: `[key]${n.step}` }))
    return checker.getPropertiesOfType(t).length ? [{ step: '', type: t }] : []
  })
}

type AnySchema = Schema<unknown, unknown>

/** The default of an object whose fields have defaults of their own (in their rows). */
const FIELDS_DEFAULTS = "its fields' defaults"

/** A schema with its unions opened: the variants a value may take. */
const variantsOf = (s: AnySchema): AnySchema[] => (s.variants ? s.variants.flatMap(variantsOf) : [s])
/** The schemas of field `name` in any of `schemas`. */
const fieldIn = (schemas: AnySchema[], name: string): AnySchema[] => schemas.flatMap(variantsOf).flatMap((s) => (s.shape && Object.hasOwn(s.shape, name) ? [s.shape[name]] : []))
/** The schemas one path step (`[]` or `[key]`, each an item) further down. */
const itemsIn = (schemas: AnySchema[], step: string): AnySchema[] =>
  [...step.matchAll(/\[[^\]]*\]/g)].reduce((at) => at.flatMap(variantsOf).flatMap((s) => (s.item ? [s.item] : [])), schemas)

/**
 * The default shown for a field: the doc comment's `@default` when the schema has a default (an
 * object's is its fields' own, listed in their rows). A field the schema leaves absent keeps its
 * `@default` (the theme fills it in), unless it is under an object of any keys, such as a
 * per-locale variant, whose left-out fields take the base's value rather than a default.
 */
function defaultOf(schemas: AnySchema[], tag: string | undefined, underRecord: boolean): string | undefined {
  // A field the runtime schema cannot reach (inside a `lazy` one) keeps what its doc says.
  if (!schemas.length) return tag
  const given = schemas.find((s) => s.default !== undefined)
  if (!given) return underRecord ? undefined : tag
  if (tag !== undefined) return tag
  return typeof given.default === 'object' && given.default !== null && !Array.isArray(given.default) ? FIELDS_DEFAULTS : JSON.stringify(given.default)
}

/**
 * Every field of the config, depth first in declaration order. Names, types and docs come from
 * the declaration; whether a field has a default comes from the schema itself, so a field of a
 * per-locale variant (which inherits rather than defaults) shows none although its doc is shared.
 */
export function configFields(source = SITE_CONFIG_SOURCE, schema: AnySchema = siteConfigSchema as AnySchema): ConfigField[] {
  const { checker, type } = userConfigType(source)
  const fields: ConfigField[] = []
  const seen = new Set<string>()
  const walk = (t: ts.Type, prefix: string, open: ts.Type[], runtime: AnySchema[]) => {
    for (const p of checker.getPropertiesOfType(t)) {
      const path = `${prefix}${p.name}`
      if (seen.has(path)) continue
      seen.add(path)
      const fieldType = checker.getNonNullableType(checker.getTypeOfSymbol(p))
      const fieldSchemas = fieldIn(runtime, p.name)
      const doc = ts.displayPartsToString(p.getDocumentationComment(checker))
      const tag = p.getJsDocTags(checker).find((t) => t.name === 'default')
      fields.push({ path, type: shortType(checker, fieldType), default: defaultOf(fieldSchemas, tag && ts.displayPartsToString(tag.text), prefix.includes('[key]')), doc })
      // A type met again on the way down is a recursive one (sidebar groups): its fields are listed once.
      for (const n of nested(checker, fieldType)) if (!open.includes(n.type)) walk(n.type, `${path}${n.step}.`, [...open, n.type], itemsIn(fieldSchemas, n.step))
    }
  }
  walk(type, '', [type], [schema])
  return fields
}

/** The Markdown page. */
export function configReference(source = SITE_CONFIG_SOURCE): string {
  const rows = configFields(source).map((f) => `| \`${f.path}\` | ${markdownCell(f.type, true)} | ${f.default === undefined ? '—' : f.default === FIELDS_DEFAULTS ? f.default : markdownCell(f.default, true)} | ${markdownCell(f.doc)} |`)
  return [
    '<!-- Written by `npm run docs` from src/shared/site-config.ts; edit the doc comments there, not this file. -->',
    '',
    '# Config reference (`gptnotes.config.ts`)',
    '',
    'Every field of the site config, as the schema in `src/shared/site-config.ts` declares it: its key',
    'path (`[]` an item of a list, `[key]` a value of an object of any keys), its type, its default',
    "(—: left out, it stays absent; under `[key]`, a per-locale variant's field takes the base's value)",
    'and its doc comment, which editors also show on hover. Every field is optional. How the config',
    'is loaded and checked: [the config guide](../guide/config.md).',
    '',
    '| field | type | default | meaning |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n')
}
