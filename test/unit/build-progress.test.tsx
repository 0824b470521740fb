import { render } from 'ink-testing-library'
import { describe, expect, it } from 'vitest'
import { BuildProgress } from '../../src/cli/build-progress.js'
import { BuildProgressView } from '../../src/cli/build-progress-view.js'

const tick = () => new Promise((r) => setTimeout(r, 20))

describe('build progress in a terminal (ink)', () => {
  it('shows each stage with its count and time as it completes, then the summary and warnings', async () => {
    const progress = new BuildProgress()
    const { lastFrame, rerender, unmount } = render(<BuildProgressView state={progress.current} />)
    progress.subscribe((state) => rerender(<BuildProgressView state={state} />))
    await tick()
    expect(lastFrame()).toContain('… loadConfig')
    expect(lastFrame()).toContain('· parsePage')
    progress.stage({ stage: 'loadConfig', ms: 3 })
    progress.stage({ stage: 'scanContent', ms: 1, count: 26 })
    await tick()
    expect(lastFrame()).toMatch(/✓ scanContent\s+26\s+1 ms/)
    expect(lastFrame()).toContain('… parsePage')
    for (const stage of ['parsePage', 'siteData', 'routes', 'bundle', 'render', 'write']) progress.stage({ stage, ms: 10, count: 5 })
    progress.done({ pages: 26, files: 120, bytes: 3 * 1024 * 1024, seconds: 1.25, out: 'dist', warnings: ['content/a.md:3:1  #x matches no heading'] })
    await tick()
    const frame = lastFrame()!
    expect(frame).toMatch(/✓ write\s+5\s+10 ms/)
    expect(frame).toContain('warning content/a.md:3:1  #x matches no heading')
    expect(frame).toContain('built 26 pages (120 files, 3072 KiB) into dist in 1.25 s, 1 warning')
    unmount()
  })

  it('marks the stage that failed', async () => {
    const progress = new BuildProgress()
    const { lastFrame, rerender, unmount } = render(<BuildProgressView state={progress.current} />)
    progress.subscribe((state) => rerender(<BuildProgressView state={state} />))
    progress.stage({ stage: 'loadConfig', ms: 3 })
    progress.fail()
    await tick()
    expect(lastFrame()).toContain('✗ scanContent')
    unmount()
  })
})
