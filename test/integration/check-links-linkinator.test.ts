import { join } from 'node:path'
import { LinkChecker } from 'linkinator'
import { afterAll, describe, expect, it } from 'vitest'
import { gptnotes } from '../helpers/cli.js'
import { expectedProblems, targetPath, type Problem } from '../helpers/check-links.js'
import { copyFixture } from '../helpers/sites.js'
import { serveStatic } from '../helpers/static-server.js'

/**
 * gptnotes check-links against an established checker. linkinator crawls the built site over
 * HTTP (served as a plain static host would) and does not check anchors by default, so the two
 * are compared on what both check: the set of internal URLs that do not load.
 */
async function linkinatorBroken(dist: string): Promise<string[]> {
  const server = await serveStatic(dist)
  try {
    const origin = new URL(server.url).origin
    const result = await new LinkChecker().check({
      path: server.url,
      recurse: true,
      // Only this site: the fixtures' few external links are out of scope here.
      linksToSkip: [`^(?!${origin.replace(/[.]/g, '\\.')})`],
    })
    const broken = result.links.filter((l) => l.state === 'BROKEN').map((l) => new URL(l.url))
    return [...new Set(broken.map((u) => u.pathname + u.search))].sort()
  } finally {
    await server.close()
  }
}

const isAnchorProblem = (p: Problem) => p.reason.startsWith('no element with id')

// Each test builds a site in a child process, then crawls it: on a busy 2-core machine that has
// taken over a minute.
describe('check-links agrees with linkinator', { timeout: 180_000 }, () => {
  const sites: ReturnType<typeof copyFixture>[] = []
  afterAll(() => sites.forEach((s) => s.cleanup()))

  it('finds the same broken internal URLs on a site with planted broken links and images; anchors match the expected file', async () => {
    const site = copyFixture('check-links-broken')
    sites.push(site)
    const { code, stdout, stderr } = await gptnotes('check-links', '--root', site.root, '--out', 'dist', '--json')
    expect(code, stderr).toBe(1)
    const problems = (JSON.parse(stdout) as { problems: Problem[] }).problems
    const ours = [...new Set(problems.filter((p) => !isAnchorProblem(p)).map((p) => targetPath(p)))].sort()
    const theirs = await linkinatorBroken(join(site.root, 'dist'))
    expect(ours).toEqual(theirs)
    expect(ours).toEqual(['/elsewhere/page.html', '/gpt/guide/', '/gpt/guide/images/missing-wide.svg', '/gpt/missing.png', '/gpt/nope.html'])
    // Anchors: only gptnotes checks them; they must be exactly the planted ones.
    expect(problems.filter(isAnchorProblem)).toEqual(expectedProblems('check-links-broken').filter(isAnchorProblem))
  })

  it('both find nothing broken on a site whose references all resolve', async () => {
    const site = copyFixture('check-links-clean')
    sites.push(site)
    const { code, stdout, stderr } = await gptnotes('check-links', '--root', site.root, '--out', 'dist', '--json')
    expect(code, stderr).toBe(0)
    expect((JSON.parse(stdout) as { problems: Problem[] }).problems).toEqual([])
    expect(await linkinatorBroken(join(site.root, 'dist'))).toEqual([])
  })
})
