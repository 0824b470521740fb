import type { StageEvent } from '../render/build-site.js'

export interface BuildSummary {
  pages: number
  files: number
  bytes: number
  seconds: number
  out: string
  warnings: string[]
}

export interface ProgressState {
  stages: StageEvent[]
  summary?: BuildSummary
  failed?: boolean
}

type Listener = (s: ProgressState) => void

/** Holds the build's progress; the terminal UI or the plain printer subscribes to it. */
export class BuildProgress {
  private state: ProgressState = { stages: [] }
  private readonly listeners = new Set<Listener>()
  get current(): ProgressState {
    return this.state
  }
  subscribe(l: Listener): () => void {
    this.listeners.add(l)
    return () => this.listeners.delete(l)
  }
  stage(e: StageEvent): void {
    this.update({ ...this.state, stages: [...this.state.stages, e] })
  }
  done(summary: BuildSummary): void {
    this.update({ ...this.state, summary })
  }
  fail(): void {
    this.update({ ...this.state, failed: true })
  }
  private update(s: ProgressState) {
    this.state = s
    for (const l of this.listeners) l(s)
  }
}

/** `(12 parsed, 1989 cached)` when some pages came from the caches (`rendered` for the render stage). */
export const cacheNote = ({ stage, count, fresh }: StageEvent) => (fresh !== undefined && count !== undefined && fresh < count ? `  (${fresh} ${stage === 'render' ? 'rendered' : 'parsed'}, ${count - fresh} cached)` : '')

export function formatStage(e: StageEvent): string {
  const { stage, ms, count } = e
  return `  ${stage.padEnd(15)} ${count !== undefined ? String(count).padStart(6) : '      '}  ${ms.toFixed(0).padStart(6)} ms${cacheNote(e)}`
}

export function formatSummary(s: BuildSummary): string {
  return (
    `built ${s.pages} pages (${s.files} files, ${(s.bytes / 1024).toFixed(0)} KiB) into ${s.out} in ${s.seconds.toFixed(2)} s` +
    (s.warnings.length ? `, ${s.warnings.length} warning${s.warnings.length === 1 ? '' : 's'}` : '')
  )
}
