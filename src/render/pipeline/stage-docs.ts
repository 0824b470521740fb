import { PIPELINE, STAGES, type StageDescriptor } from './stages.js'

/** The stage list as prose shows it: `name → name → …`. */
export function stageChain(): string {
  return STAGES.join(' → ')
}

/** The pipeline as a table: one row a stage, what it needs and makes, what starts early and what is let go of. */
export function stageTable(): string {
  const rows = PIPELINE.map((s: StageDescriptor) => {
    const early = s.early ? `starts early: ${s.early.makes.join(', ')}` : ''
    const released = s.releases ? `then lets go of ${s.releases.join(', ')}` : ''
    return `| ${s.name} | ${s.does} | ${s.needs.join(', ') || '—'} | ${s.makes.join(', ')} | ${[early, released].filter(Boolean).join('; ') || '—'} |`
  })
  return ['| stage | does | needs | makes | early, released |', '|---|---|---|---|---|', ...rows].join('\n')
}

/** The files that show the stage list, each block between `<!-- stages:NAME -->` and `<!-- /stages:NAME -->`. */
export const STAGE_BLOCKS: readonly { file: string; name: string; text: () => string }[] = [
  { file: 'src/render/README.md', name: 'table', text: stageTable },
  { file: 'docs/reference/architecture.md', name: 'chain', text: stageChain },
]

/** `markdown` with each of `file`'s blocks made anew from the descriptors; throws when a marker is missing. */
export function withStageBlocks(file: string, markdown: string): string {
  let text = markdown
  for (const block of STAGE_BLOCKS.filter((b) => b.file === file)) {
    const open = `<!-- stages:${block.name} -->`
    const close = `<!-- /stages:${block.name} -->`
    const start = text.indexOf(open)
    const end = text.indexOf(close)
    if (start < 0 || end < start) throw new Error(`${file}: no ${open} … ${close} block`)
    text = text.slice(0, start + open.length) + '\n' + block.text() + '\n' + text.slice(end)
  }
  return text
}
