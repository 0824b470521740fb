import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
/** axe-core's browser bundle, injected into the page under test. */
const AXE_SOURCE: string = (require('axe-core') as { source: string }).source

export interface AxeFinding {
  id: string
  impact: string | null
  help: string
  /** Each offending node: its selector and axe's summary of what is wrong. */
  nodes: string[]
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules plus its best practices) on the page as it stands and
 * returns its violations, compact enough to read in a failed assertion.
 */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe
    const result = await axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // The selector without positions, so the same element on many pages reads as one.
      nodes: v.nodes.map((n) => `${JSON.stringify(n.target).replace(/:nth-child\(\d+\)/g, '')}: ${(n.failureSummary ?? '').replace(/^Fix (any|all) of the following:\s*/, '').replace(/\s+/g, ' ').slice(0, 240)}`),
    }))
  })
  return violations
}
