// The build's stages are declared once (src/render/pipeline/stages.ts); the progress view, the
// README's and the architecture page's stage lists, and the order buildSite runs them in all come
// from there. A stage added, renamed or moved without its declaration fails here.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PIPELINE, STAGES } from '../../src/render/pipeline/stages.js'
import { STAGE_BLOCKS, withStageBlocks } from '../../src/render/pipeline/stage-docs.js'
import { runPipeline } from '../../src/render/pipeline/run-pipeline.js'
import { BuildProgressView } from '../../src/cli/build-progress-view.js'

const REPO_ROOT = join(import.meta.dirname, '../..')
const committed = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8')

describe('the declared pipeline', () => {
  it('is what the READMEs show: their stage blocks are what `npm run docs` writes from the declarations', () => {
    for (const file of new Set(STAGE_BLOCKS.map((b) => b.file))) {
      expect(committed(file), `${file}'s stage list is out of date: run \`npm run docs\``).toBe(withStageBlocks(file, committed(file)))
      for (const name of STAGES) expect(committed(file)).toContain(name)
    }
  })

  it("matches the README's table of modules, stage by stage, and names modules that exist", () => {
    const readme = committed('src/render/README.md')
    const modules = readme.slice(readme.indexOf('| stage | module |'))
    const rows = [...modules.matchAll(/^\| ([a-zA-Z]+) \| /gm)].map((m) => m[1]).filter((n) => n !== 'stage')
    expect(rows).toEqual([...STAGES])
    for (const stage of PIPELINE) expect(existsSync(join(REPO_ROOT, 'src/render', stage.module)), stage.module).toBe(true)
  })

  it('needs only what an earlier stage made, or an early part whose own needs were made before it', () => {
    const made = new Set<string>()
    const started = new Set<string>()
    for (const [i, stage] of PIPELINE.entries()) {
      // As the runner does: before each stage, every early part whose needs are made starts.
      for (const later of PIPELINE.slice(i)) {
        if (!('early' in later) || started.has(later.name) || !later.early.needs.every((n) => made.has(n))) continue
        started.add(later.name)
        for (const value of later.early.makes) made.add(value)
      }
      for (const need of stage.needs) expect(made.has(need), `${stage.name} needs ${need}`).toBe(true)
      for (const value of stage.makes) {
        expect(made.has(value), `${value} made twice`).toBe(false)
        made.add(value)
      }
    }
    expect([...started].sort()).toEqual(PIPELINE.filter((s) => 'early' in s).map((s) => s.name).sort())
  })

  it('lets go of a value only after the last stage that needs it', () => {
    for (const [i, stage] of PIPELINE.entries()) {
      for (const value of 'releases' in stage ? stage.releases : []) {
        const later = PIPELINE.slice(i + 1).filter((s) => (s.needs as readonly string[]).includes(value))
        expect(later.map((s) => s.name), `${value} is let go of after ${stage.name}`).toEqual([])
      }
    }
  })

  it("lists every stage in the build's progress view, in the declared order", () => {
    const view = BuildProgressView({ state: { stages: [] } })
    const text = JSON.stringify(view)
    const at = STAGES.map((name) => text.indexOf(`"${name}"`))
    for (const [i, pos] of at.entries()) expect(pos, STAGES[i]).toBeGreaterThanOrEqual(0)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
  })
})

describe('runPipeline', () => {
  const pipeline = [
    { name: 'a', does: '', module: '', needs: [], makes: ['x'] },
    { name: 'b', does: '', module: '', needs: ['x', 'w'], makes: ['y'], early: { needs: ['x'], makes: ['w'] }, releases: ['x'] },
    { name: 'c', does: '', module: '', needs: ['y'], makes: ['z'] },
  ] as const
  type V = { x: number; w: number; y: number; z: number }

  it('hands each stage what it needs, starts early parts once their needs are made and lets go of released values', async () => {
    const order: string[] = []
    const events: string[] = []
    const out = await runPipeline<V, typeof pipeline>(
      pipeline,
      {
        a: { run: () => (order.push('a'), { x: 2 }) },
        b: { early: ({ x }) => (order.push('b early'), { w: x * 10 }), run: ({ x, w }) => (order.push('b'), { y: x + w }) },
        c: { run: ({ y }) => (order.push('c'), { z: y + 1 }), count: ({ z }) => ({ count: z }) },
      },
      { onStage: (e) => events.push(`${e.stage}${e.count ?? ''}`) },
    )
    expect(order).toEqual(['a', 'b early', 'b', 'c'])
    expect(events).toEqual(['a', 'b', 'c23'])
    expect(out).toEqual({ w: 20, y: 22, z: 23 })
  })

  it('names the failing stage and stops the early parts it started for later stages', async () => {
    const later = [
      { name: 'a', does: '', module: '', needs: [], makes: ['x'] },
      { name: 'b', does: '', module: '', needs: ['x'], makes: ['y'] },
      { name: 'c', does: '', module: '', needs: ['w'], makes: ['z'], early: { needs: ['x'], makes: ['w'] } },
    ] as const
    const abandoned: number[] = []
    const err = await runPipeline<V, typeof later>(later, {
      a: { run: () => ({ x: 1 }) },
      b: {
        run: () => {
          throw new Error('no y')
        },
      },
      c: { early: () => ({ w: 7 }), abandon: ({ w }) => abandoned.push(w), run: ({ w }) => ({ z: w }) },
    }).catch((e: unknown) => e)
    expect(err).toMatchObject({ stage: 'b', message: 'no y' })
    expect(abandoned).toEqual([7])
  })

  it('refuses a stage that makes what it did not declare', async () => {
    const err = await runPipeline<V, typeof pipeline>(pipeline, {
      a: { run: () => ({ x: 1, y: 3 }) as unknown as { x: number } },
      b: { early: () => ({ w: 7 }), run: () => ({ y: 1 }) },
      c: { run: () => ({ z: 1 }) },
    }).catch((e: unknown) => e)
    expect(err).toMatchObject({ stage: 'a', message: expect.stringContaining('it declares x') })
  })
})
