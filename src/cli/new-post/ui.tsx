import { Box, Text, render, useApp, useInput, type Key } from 'ink'
import { useCallback, useEffect, useReducer, useRef } from 'react'
import type { PostAnswers } from '../../tools/new-post/answers.js'
import { MultiSelectPrompt, SelectPrompt, TextPrompt } from '../prompts/view.js'
import { SLUG_RULE_ZH } from '../../tools/new-post/slug.js'
import { listItems, startWizard, wizardAnswers, wizardKey, type Draft, type WizardContext, type WizardState } from './wizard.js'

export type { WizardChoices } from './wizard.js'

export interface WizardProps extends WizardContext {
  onDone: (answers: PostAnswers) => void
}

/** The questions of `gptnotes new-post`, one after another; answered ones stay listed above. */
export function NewPostWizard(props: WizardProps) {
  // The machine lives in a ref and every key is applied to it at once (see ../prompts/keys.ts).
  const state = useRef<WizardState>(undefined as unknown as WizardState)
  if (!state.current) state.current = startWizard(props)
  const latest = useRef(props)
  latest.current = props
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  const onKey = useCallback((input: string, key: Key) => {
    const next = wizardKey(state.current, input, key, latest.current)
    if (next !== state.current) {
      state.current = next
      rerender()
    }
  }, [])
  useInput(onKey)

  const { exit } = useApp()
  const { step, draft, field } = state.current
  const finished = useRef(false)
  // Leave once the last answer is on screen, so the terminal keeps the whole summary.
  useEffect(() => {
    if (step !== 'done' || finished.current) return
    finished.current = true
    props.onDone(wizardAnswers(state.current, props))
    exit()
  })

  const labels = (s: typeof step) => (s === 'done' ? [] : listItems(s, props).map((i) => i.label))
  return (
    <Box flexDirection="column">
      <Text bold>新建文章</Text>
      {summary(draft, props).map(([label, value]) => (
        <Text key={label}>
          <Text color="green">✔ </Text>
          {label}：{value}
        </Text>
      ))}
      {field?.kind === 'text' && <TextPrompt {...TEXT_QUESTIONS[step as keyof typeof TEXT_QUESTIONS]} field={field} />}
      {field?.kind === 'multi' && <MultiSelectPrompt label={step === 'tags' ? '标签（站内已有）' : '分类（站内已有）'} items={labels(step)} field={field} />}
      {field?.kind === 'select' && <SelectPrompt label={step === 'template' ? '模板' : '加入侧边栏分组'} items={labels(step)} field={field} />}
    </Box>
  )
}

const TEXT_QUESTIONS = {
  title: { label: '标题', hint: '文章标题，可以用中文' },
  slug: { label: '网址名（slug）', hint: `按回车接受建议，也可以修改（Ctrl+U 清空）；${SLUG_RULE_ZH}` },
  newTags: { label: '新标签', hint: '站内还没有的标签，用逗号分隔；没有就直接回车' },
  newCategories: { label: '新分类', hint: '站内还没有的分类，用逗号分隔；没有就直接回车' },
  date: { label: '日期', hint: '年-月-日，默认今天' },
}

/** The answered questions, as the ✔ lines above the current one. */
function summary(draft: Draft, ctx: WizardContext): [string, string][] {
  const list = (...parts: (string[] | undefined)[]) => parts.flatMap((p) => p ?? []).join('、') || '（无）'
  const lines: [string, string][] = []
  if (draft.title !== undefined) lines.push(['标题', draft.title])
  if (draft.slug !== undefined) lines.push(['网址名', `${draft.slug}  → content/handbook/${draft.slug}.md`])
  if (draft.pickedTags !== undefined || draft.newTags !== undefined) lines.push(['标签', list(draft.pickedTags, draft.newTags)])
  if (draft.pickedCategories !== undefined || draft.newCategories !== undefined) lines.push(['分类', list(draft.pickedCategories, draft.newCategories)])
  if (draft.date !== undefined) lines.push(['日期', draft.date])
  if (draft.template !== undefined) lines.push(['模板', ctx.choices.templates.find((t) => t.name === draft.template)?.label ?? draft.template])
  if (draft.group !== undefined) lines.push(['侧边栏分组', draft.group.title ?? '（不加入）'])
  return lines
}

/** Ask in the terminal; undefined when the author quits (Ctrl+C). */
export async function askInTerminal(ctx: WizardContext): Promise<PostAnswers | undefined> {
  let answers: PostAnswers | undefined
  const app = render(<NewPostWizard {...ctx} onDone={(a) => (answers = a)} />)
  await app.waitUntilExit()
  return answers
}
