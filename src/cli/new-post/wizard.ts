import type { Key } from 'ink'
import { parseList, type PostAnswers } from '../../tools/new-post/answers.js'
import { multiKey, selectKey, textField, textKey, type Field } from '../prompts/keys.js'
import { toSiteDate } from '../../tools/new-post/site-date.js'
import { SLUG_RULE_ZH, slugProblem, titleToSlug } from '../../tools/new-post/slug.js'

/**
 * The order of the new-post questions and what each answer means, as a pure state machine:
 * (state, key) → state. The ink component (ui.tsx) only draws it.
 */
export interface WizardChoices {
  /** Tags and categories already used on the site, most used first. */
  tags: string[]
  categories: string[]
  templates: { name: string; label: string }[]
  /** Titles of the sidebar's top-level groups. */
  groups: string[]
}

export interface WizardContext {
  /** Answers given by flags: their questions are skipped. */
  preset: Partial<PostAnswers>
  choices: WizardChoices
  defaults: { date: string; template: string }
  /** Whether `content/handbook/<slug>.md` exists (refused unless `force`). */
  pageExists: (slug: string) => boolean
  force: boolean
}

export type Step = 'title' | 'slug' | 'tags' | 'newTags' | 'categories' | 'newCategories' | 'date' | 'template' | 'group'
const STEPS: Step[] = ['title', 'slug', 'tags', 'newTags', 'categories', 'newCategories', 'date', 'template', 'group']

export interface Draft {
  title?: string
  slug?: string
  pickedTags?: string[]
  newTags?: string[]
  pickedCategories?: string[]
  newCategories?: string[]
  date?: string
  template?: string
  /** Present once the group question was answered; undefined value = not in the sidebar. */
  group?: { title: string | undefined }
}

export interface WizardState {
  step: Step | 'done'
  draft: Draft
  field?: Field
}

/** The choices of a list question, with the value each stands for. */
export function listItems(step: Step, ctx: WizardContext): { label: string; value: string | undefined }[] {
  if (step === 'tags') return ctx.choices.tags.map((t) => ({ label: t, value: t }))
  if (step === 'categories') return ctx.choices.categories.map((c) => ({ label: c, value: c }))
  if (step === 'template') return ctx.choices.templates.map((t) => ({ label: t.label, value: t.name }))
  if (step === 'group') return [{ label: '不加入侧边栏', value: undefined }, ...ctx.choices.groups.map((g) => ({ label: g, value: g }))]
  return []
}

export function startWizard(ctx: WizardContext): WizardState {
  return enter(nextStep(-1, ctx), {}, ctx)
}

/** Apply one key; Enter on a valid answer moves to the next question. */
export function wizardKey(state: WizardState, input: string, key: Key, ctx: WizardContext): WizardState {
  const { step, field } = state
  if (step === 'done' || !field) return state
  if (field.kind === 'text') {
    const effect = textKey(field, input, key)
    if (effect.submitted === undefined) return { ...state, field: effect.field }
    const error = validate(step, effect.submitted, ctx)
    if (error) return { ...state, field: { ...effect.field, error } }
    return advance(state, answerText(step, effect.submitted), ctx)
  }
  const items = listItems(step, ctx)
  if (field.kind === 'multi') {
    const effect = multiKey(field, items.length, input, key)
    if (effect.submitted === undefined) return { ...state, field: effect.field }
    const values = effect.submitted.map((i) => items[i].value as string)
    return advance(state, step === 'tags' ? { pickedTags: values } : { pickedCategories: values }, ctx)
  }
  const effect = selectKey(field, items.length, input, key)
  if (effect.submitted === undefined) return { ...state, field: effect.field }
  const value = items[effect.submitted].value
  return advance(state, step === 'template' ? { template: value } : { group: { title: value } }, ctx)
}

/** The answers once done: flags first, then what was answered, then the defaults. */
export function wizardAnswers({ draft }: WizardState, { preset, defaults }: WizardContext): PostAnswers {
  const title = preset.title ?? draft.title ?? ''
  return {
    title,
    slug: preset.slug ?? draft.slug ?? titleToSlug(title),
    tags: preset.tags ?? [...new Set([...(draft.pickedTags ?? []), ...(draft.newTags ?? [])])],
    categories: preset.categories ?? [...new Set([...(draft.pickedCategories ?? []), ...(draft.newCategories ?? [])])],
    date: preset.date ?? draft.date ?? defaults.date,
    template: preset.template ?? draft.template ?? defaults.template,
    group: 'group' in preset ? preset.group : draft.group?.title,
  }
}

function validate(step: Step, value: string, ctx: WizardContext): string | undefined {
  if (step === 'title') return value.trim() ? undefined : '标题不能为空'
  if (step === 'slug') {
    const slug = value.trim()
    if (slugProblem(slug)) return SLUG_RULE_ZH
    if (!ctx.force && ctx.pageExists(slug)) return `content/handbook/${slug}.md 已经存在，请换一个网址名（或使用 --force 覆盖）`
  }
  if (step === 'date' && !toSiteDate(value)) return '日期要写成 年-月-日，例如 2025-5-13，并且是真实存在的一天'
  return undefined
}

function answerText(step: Step, value: string): Draft {
  if (step === 'title') return { title: value.trim() }
  if (step === 'slug') return { slug: value.trim() }
  if (step === 'newTags') return { newTags: parseList(value) }
  if (step === 'newCategories') return { newCategories: parseList(value) }
  return { date: toSiteDate(value) }
}

function advance(state: WizardState, patch: Draft, ctx: WizardContext): WizardState {
  const draft = { ...state.draft, ...patch }
  return enter(nextStep(STEPS.indexOf(state.step as Step), ctx), draft, ctx)
}

/** The question `step` with its starting value (the proposed slug, today, the default template). */
function enter(step: Step | 'done', draft: Draft, ctx: WizardContext): WizardState {
  if (step === 'done') return { step, draft }
  const title = ctx.preset.title ?? draft.title ?? ''
  const field: Field =
    step === 'slug'
      ? textField(titleToSlug(title))
      : step === 'date'
        ? textField(ctx.defaults.date)
        : step === 'tags' || step === 'categories'
          ? { kind: 'multi', cursor: 0, picked: new Set() }
          : step === 'template'
            ? { kind: 'select', cursor: Math.max(0, ctx.choices.templates.findIndex((t) => t.name === ctx.defaults.template)) }
            : step === 'group'
              ? { kind: 'select', cursor: 0 }
              : textField()
  return { step, draft, field }
}

/** The question after `index`, skipping what flags answered and lists with nothing to pick. */
function nextStep(index: number, { preset, choices }: WizardContext): Step | 'done' {
  const skip: Record<Step, boolean> = {
    title: preset.title !== undefined,
    slug: preset.slug !== undefined,
    tags: preset.tags !== undefined || choices.tags.length === 0,
    newTags: preset.tags !== undefined,
    categories: preset.categories !== undefined || choices.categories.length === 0,
    newCategories: preset.categories !== undefined,
    date: preset.date !== undefined,
    template: preset.template !== undefined || choices.templates.length < 2,
    group: 'group' in preset || choices.groups.length === 0,
  }
  return STEPS.slice(index + 1).find((s) => !skip[s]) ?? 'done'
}
