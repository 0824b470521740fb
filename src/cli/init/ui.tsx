import { Box, Text, render, useApp, useInput, type Key } from 'ink'
import { useCallback, useEffect, useReducer, useRef } from 'react'
import type { InitAnswers } from '../../tools/init/answers.js'
import { SelectPrompt, TextPrompt } from '../prompts/view.js'
import { choices, initAnswers, initWizardKey, langOf, startInitWizard, type InitWizardState, type Step } from './wizard.js'

const QUESTIONS: Record<Step, { zh: string; en: string }> = {
  lang: { zh: '语言', en: 'Language' },
  title: { zh: '网站标题', en: 'Site title' },
  kind: { zh: '网站类型', en: 'Kind of site' },
  comments: { zh: '开启评论和阅读量', en: 'Comments and page views' },
  mascot: { zh: '显示看板娘', en: 'Show the mascot' },
}

export function InitWizard({ preset, onDone }: { preset: Partial<InitAnswers>; onDone: (a: InitAnswers) => void }) {
  // The machine lives in a ref and every key is applied to it at once (see ../prompts/keys.ts).
  const state = useRef<InitWizardState>(undefined as unknown as InitWizardState)
  if (!state.current) state.current = startInitWizard(preset)
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  const onKey = useCallback(
    (input: string, key: Key) => {
      const next = initWizardKey(state.current, input, key, preset)
      if (next !== state.current) {
        state.current = next
        rerender()
      }
    },
    [preset],
  )
  useInput(onKey)
  const { exit } = useApp()
  const finished = useRef(false)
  const { step, draft, field } = state.current
  useEffect(() => {
    if (step !== 'done' || finished.current) return
    finished.current = true
    onDone(initAnswers(state.current, preset))
    exit()
  })
  const lang = langOf(state.current, preset)
  const zh = lang === 'zh-CN'
  const say = (s: Step) => (zh ? QUESTIONS[s].zh : QUESTIONS[s].en)
  const answered = (Object.keys(QUESTIONS) as Step[]).filter((s) => draft[s] !== undefined)
  return (
    <Box flexDirection="column">
      <Text bold>{zh ? '新建 gptnotes 网站' : 'A new gptnotes site'}</Text>
      {answered.map((s) => (
        <Text key={s}>
          <Text color="green">✔ </Text>
          {say(s)}: {String(choices(s, lang).find((c) => c.value === draft[s])?.label ?? draft[s])}
        </Text>
      ))}
      {step !== 'done' && field?.kind === 'text' && <TextPrompt label={say(step)} field={field} />}
      {step !== 'done' && field?.kind === 'select' && (
        <SelectPrompt label={say(step)} items={choices(step, lang).map((c) => c.label)} field={field} />
      )}
    </Box>
  )
}

/** Ask in the terminal; undefined when the person quits (Ctrl+C). */
export async function askInTerminal(preset: Partial<InitAnswers>): Promise<InitAnswers | undefined> {
  let answers: InitAnswers | undefined
  const app = render(<InitWizard preset={preset} onDone={(a) => (answers = a)} />)
  await app.waitUntilExit()
  return answers
}
