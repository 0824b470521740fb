import type { Key } from 'ink'
import { DEFAULT_ANSWERS, defaultTitle, KINDS, LANGS, type InitAnswers } from '../../tools/init/answers.js'
import { selectKey, textField, textKey, type Field } from '../prompts/keys.js'

/**
 * The questions of `gptnotes init` as a pure state machine, (state, key) → state; the ink
 * view (ui.tsx) only draws it. Questions a flag answered are skipped.
 */
export type Step = 'title' | 'lang' | 'kind' | 'comments' | 'mascot'
const STEPS: Step[] = ['lang', 'title', 'kind', 'comments', 'mascot']

export interface InitWizardState {
  step: Step | 'done'
  draft: Partial<InitAnswers>
  field?: Field
}

/** The choices of a list question: what the line says and the answer it stands for. */
export function choices(step: Step, lang: InitAnswers['lang']): { label: string; value: string | boolean }[] {
  const zh = lang === 'zh-CN'
  if (step === 'lang') return LANGS.map((l) => ({ label: l === 'zh-CN' ? '简体中文 (zh-CN)' : 'English (en-US)', value: l }))
  if (step === 'kind')
    return KINDS.map((k) => ({
      label: k === 'docs' ? (zh ? '文档：侧边栏分组的教程和指南' : 'Docs: guides grouped in a sidebar') : zh ? '博客：首页按时间列出文章' : 'Blog: posts listed by date on the home page',
      value: k,
    }))
  return [
    { label: zh ? '是' : 'Yes', value: true },
    { label: zh ? '否' : 'No', value: false },
  ]
}

export function startInitWizard(preset: Partial<InitAnswers>): InitWizardState {
  return enter(nextStep(-1, preset), {}, preset)
}

export function initWizardKey(state: InitWizardState, input: string, key: Key, preset: Partial<InitAnswers>): InitWizardState {
  const { step, field } = state
  if (step === 'done' || !field) return state
  if (field.kind === 'text') {
    const effect = textKey(field, input, key)
    if (effect.submitted === undefined) return { ...state, field: effect.field }
    const title = effect.submitted.trim()
    if (!title) return { ...state, field: { ...effect.field, error: langOf(state, preset) === 'zh-CN' ? '标题不能为空' : 'The title cannot be empty' } }
    return advance(state, { title }, preset)
  }
  if (field.kind !== 'select') return state
  const items = choices(step, langOf(state, preset))
  const effect = selectKey(field, items.length, input, key)
  if (effect.submitted === undefined) return { ...state, field: effect.field }
  return advance(state, { [step]: items[effect.submitted].value } as Partial<InitAnswers>, preset)
}

/** The answers: flags first, then what was answered, then the defaults. */
export function initAnswers(state: InitWizardState, preset: Partial<InitAnswers>): InitAnswers {
  const merged = { ...DEFAULT_ANSWERS, ...state.draft, ...preset }
  if (preset.title === undefined && state.draft.title === undefined) merged.title = defaultTitle(merged.lang)
  return merged
}

export function langOf(state: InitWizardState, preset: Partial<InitAnswers>): InitAnswers['lang'] {
  return preset.lang ?? state.draft.lang ?? DEFAULT_ANSWERS.lang
}

function advance(state: InitWizardState, patch: Partial<InitAnswers>, preset: Partial<InitAnswers>): InitWizardState {
  const draft = { ...state.draft, ...patch }
  return enter(nextStep(STEPS.indexOf(state.step as Step), preset), draft, preset)
}

function enter(step: Step | 'done', draft: Partial<InitAnswers>, preset: Partial<InitAnswers>): InitWizardState {
  if (step === 'done') return { step, draft }
  if (step === 'title') return { step, draft, field: textField(defaultTitle(preset.lang ?? draft.lang ?? DEFAULT_ANSWERS.lang)) }
  const lang = preset.lang ?? draft.lang ?? DEFAULT_ANSWERS.lang
  const current = step === 'lang' ? DEFAULT_ANSWERS.lang : DEFAULT_ANSWERS[step]
  return { step, draft, field: { kind: 'select', cursor: Math.max(0, choices(step, lang).findIndex((c) => c.value === current)) } }
}

function nextStep(index: number, preset: Partial<InitAnswers>): Step | 'done' {
  return STEPS.slice(index + 1).find((s) => preset[s] === undefined) ?? 'done'
}
