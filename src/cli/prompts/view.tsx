import { Box, Text } from 'ink'
import type { MultiField, SelectField, TextField } from './keys.js'

/** How the prompts look; their state and keys live in keys.ts and each wizard. */

function Question({ label, hint }: { label: string; hint?: string }) {
  return (
    <Box flexDirection="column">
      <Text>
        <Text color="cyan">? </Text>
        <Text bold>{label}</Text>
      </Text>
      {hint && <Text dimColor>  {hint}</Text>}
    </Box>
  )
}

export function TextPrompt({ label, hint, field }: { label: string; hint?: string; field: TextField }) {
  const { chars, cursor, error } = field
  return (
    <Box flexDirection="column">
      <Question label={label} hint={hint} />
      <Text>
        <Text color="cyan">› </Text>
        {chars.slice(0, cursor).join('')}
        <Text inverse>{chars[cursor] ?? ' '}</Text>
        {chars.slice(cursor + 1).join('')}
      </Text>
      {error && <Text color="red">✖ {error}</Text>}
    </Box>
  )
}

const WINDOW = 8

/** The part of a long list around the cursor that fits on screen. */
function visibleWindow(length: number, cursor: number): { from: number; to: number } {
  const from = Math.min(Math.max(0, cursor - Math.floor(WINDOW / 2)), Math.max(0, length - WINDOW))
  return { from, to: Math.min(length, from + WINDOW) }
}

function ListLines({ labels, cursor, mark }: { labels: string[]; cursor: number; mark?: (i: number) => string }) {
  const { from, to } = visibleWindow(labels.length, cursor)
  return (
    <>
      {from > 0 && <Text dimColor>  ↑ 还有 {from} 个</Text>}
      {labels.slice(from, to).map((label, i) => {
        const here = from + i === cursor
        return (
          <Text key={label} color={here ? 'cyan' : undefined}>
            {here ? '❯ ' : '  '}
            {mark ? `${mark(from + i)} ` : ''}
            {label}
          </Text>
        )
      })}
      {to < labels.length && <Text dimColor>  ↓ 还有 {labels.length - to} 个</Text>}
    </>
  )
}

export function MultiSelectPrompt({ label, items, field }: { label: string; items: string[]; field: MultiField }) {
  return (
    <Box flexDirection="column">
      <Question label={label} hint="↑/↓ 移动，空格 选中/取消，回车 确认（可以不选）" />
      <ListLines labels={items} cursor={field.cursor} mark={(i) => (field.picked.has(i) ? '◉' : '◯')} />
    </Box>
  )
}

export function SelectPrompt({ label, items, field }: { label: string; items: string[]; field: SelectField }) {
  return (
    <Box flexDirection="column">
      <Question label={label} hint="↑/↓ 移动，回车 确认" />
      <ListLines labels={items} cursor={field.cursor} />
    </Box>
  )
}
