import { Box, render, Text } from 'ink'
import { STAGES } from '../render/build-site.js'
import { cacheNote, formatSummary, type BuildProgress, type ProgressState } from './build-progress.js'

/** The terminal view: every stage, done (✓ count time) or waiting (·), then the summary. */
export function BuildProgressView({ state }: { state: ProgressState }) {
  const done = new Map(state.stages.map((s) => [s.stage, s]))
  const running = STAGES.find((s) => !done.has(s))
  return (
    <Box flexDirection="column">
      {STAGES.map((name) => {
        const s = done.get(name)
        if (s) {
          return (
            <Text key={name}>
              <Text color="green">✓ </Text>
              {name.padEnd(15)}
              <Text dimColor>
                {s.count !== undefined ? String(s.count).padStart(6) : '      '} {s.ms.toFixed(0).padStart(6)} ms{cacheNote(s)}
              </Text>
            </Text>
          )
        }
        const active = name === running && !state.failed && !state.summary
        return (
          <Text key={name} dimColor={!active} color={state.failed && name === running ? 'red' : undefined}>
            {state.failed && name === running ? '✗ ' : active ? '… ' : '· '}
            {name}
          </Text>
        )
      })}
      {state.summary && (
        <>
          {state.summary.warnings.map((w) => (
            <Text key={w} color="yellow">
              warning {w}
            </Text>
          ))}
          <Text bold>{formatSummary(state.summary)}</Text>
        </>
      )}
    </Box>
  )
}

/**
 * Draws the view in the terminal, drawn again at each change of `progress`; the returned stop
 * ends it (ink writes the last frame as it unmounts). Each state is handed to ink, whose drawing is synchronous: a
 * state set inside the view waits for an idle event loop, which a build leaves only at its end,
 * and the view showed its first frame to the last.
 */
export function renderBuildProgress(progress: BuildProgress): () => Promise<void> {
  const app = render(<BuildProgressView state={progress.current} />)
  const off = progress.subscribe((state) => app.rerender(<BuildProgressView state={state} />))
  return async () => {
    off()
    app.unmount()
    await app.waitUntilExit().catch(() => undefined)
  }
}
