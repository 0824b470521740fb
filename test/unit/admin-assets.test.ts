import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a build script in plain JavaScript, without types
import { ADMIN_ASSETS_MODULE, adminAssetsModule } from '../../scripts/admin-page.mjs'

/**
 * The owner's page is committed as the module of strings the service serves
 * (src/proxy/admin-page/assets.generated.ts); it must be what src/admin builds to today.
 */
describe('the generated admin page', () => {
  it('is what src/admin builds to (run node scripts/compile.mjs and commit the module)', async () => {
    const built = (await adminAssetsModule()) as string
    expect(readFileSync(ADMIN_ASSETS_MODULE as string, 'utf8') === built, 'src/proxy/admin-page/assets.generated.ts is stale').toBe(true)
  }, 60_000)
})
