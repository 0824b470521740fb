import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { BuildCaches } from '../../src/render/build-caches.js'
import { buildSite } from '../../src/render/build-site.js'
import { copyFixture } from '../helpers/sites.js'

/** Every file of a folder, by path inside it, as bytes. */
function tree(dir: string, rel = ''): Map<string, Buffer> {
  const files = new Map<string, Buffer>()
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const path = rel ? `${rel}/${e.name}` : e.name
    if (e.isDirectory()) for (const [p, b] of tree(dir, path)) files.set(p, b)
    else files.set(path, readFileSync(join(dir, path)))
  }
  return files
}

describe('pages whose bodies the parse cache keeps on disk', () => {
  let site: ReturnType<typeof copyFixture>
  afterEach(() => site?.cleanup())

  it('build to the same bytes as pages held in memory, on a cold cache, a warm one and after an edit', async () => {
    site = copyFixture('e2e-site')
    const build = async (out: string, caches?: BuildCaches) => {
      await buildSite({ root: site.root, out: join(site.root, out), caches })
      return tree(join(site.root, out))
    }
    const cacheDir = join(site.root, 'cache')
    const inMemory = await build('memory')
    expect(inMemory.size).toBeGreaterThan(10)
    expect(await build('cold', new BuildCaches(cacheDir))).toEqual(inMemory)
    expect(await build('warm', new BuildCaches(cacheDir))).toEqual(inMemory)

    const faq = join(site.root, 'content/handbook/faq.md')
    writeFileSync(faq, readFileSync(faq, 'utf8') + '\n\n## 新的一节\n\n新的段落。\n')
    const edited = await build('edited-memory')
    expect(edited.get('handbook/faq.html')!.toString()).toContain('新的段落。')
    expect(await build('edited-warm', new BuildCaches(cacheDir))).toEqual(edited)
  })
})
