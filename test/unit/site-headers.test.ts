import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildSite, type SiteOutput } from '../../src/render/build-site.js'
import { imageOriginsOf, inlineScriptsOf } from '../../src/render/headers/collect.js'
import { contentSecurityPolicy } from '../../src/render/headers/csp.js'
import { headersFor } from '../../src/render/headers/headers-file.js'
import { widgetOrigins } from '../../src/render/headers/origins.js'
import { widgetSettings } from '../../src/render/widgets/index.js'
import { parseHeadersFile } from '../helpers/static-server.js'
import type { SiteConfig } from '../../src/shared/types.js'

/**
 * The site's response headers: the Content-Security-Policy and the rest, as the build writes
 * them in `_headers` (read here the way a static host reads it) for sites with and without
 * comments, with widget B, and with images from other hosts.
 */

const roots: string[] = []
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })))

async function site(config: string, pages: Record<string, string> = {}): Promise<SiteOutput> {
  const root = mkdtempSync(join(tmpdir(), 'gptnotes-headers-'))
  roots.push(root)
  mkdirSync(join(root, 'content'))
  writeFileSync(join(root, 'content/README.md'), '# 首页\n\n正文。\n')
  for (const [name, text] of Object.entries(pages)) writeFileSync(join(root, 'content', name), text)
  writeFileSync(join(root, 'gptnotes.config.mjs'), `export default ${config}\n`)
  return buildSite({ root })
}

/** The headers a host sends for `path`, from the `_headers` file the build wrote. */
function served(output: SiteOutput, path: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const rule of parseHeadersFile(String(output.files.get('_headers')))) {
    if (!rule.pattern.test(path)) continue
    for (const [name, value] of rule.headers) out[name.toLowerCase()] = out[name.toLowerCase()] ? `${out[name.toLowerCase()]}, ${value}` : value
  }
  return out
}

/** The policy as directive → sources. */
const directives = (csp: string): Record<string, string[]> =>
  Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]))

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('_headers of a plain site', async () => {
  const output = await site(`{ title: '站', base: '/gpt/' }`)
  const page = served(output, '/gpt/')
  const csp = directives(page['content-security-policy'])

  it("gives every page one strict policy: the site's own scripts, and the theme script and the client's loader by their hashes, nothing inline else", () => {
    const html = String(output.files.get('index.html'))
    const theme = /<script>([^<]+)<\/script>/.exec(html)![1]
    expect(theme).toContain('localStorage')
    const loader = /<script data-entry="[^"]+" data-preload="[^"]*" data-style="[^"]+">([\s\S]*?)<\/script>/.exec(html)![1]
    expect(loader).toContain('first-contentful-paint')
    expect(csp['script-src']).toEqual(["'self'", ...[sha256(theme), sha256(loader)].sort()])
    expect(csp['default-src']).toEqual(["'self'"])
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"])
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:'])
    expect(csp['connect-src']).toEqual(["'self'"])
    expect(csp['font-src']).toEqual(["'self'", 'data:'])
    expect(csp['frame-src']).toEqual(["'self'"])
    expect(csp['object-src']).toEqual(["'none'"])
    expect(csp['base-uri']).toEqual(["'self'"])
    expect(csp['form-action']).toEqual(["'self'"])
    expect(csp['frame-ancestors']).toEqual(["'self'"])
    // No hostname, or an http one: nothing to upgrade.
    expect(csp['upgrade-insecure-requests']).toBeUndefined()
    expect(page['content-security-policy']).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/)
  })

  it('the same headers on every path under the base, the 404 page included; none outside it', () => {
    for (const path of ['/gpt/', '/gpt/404.html', '/gpt/tag/', '/gpt/no/such/page']) {
      expect(served(output, path)).toMatchObject({
        'content-security-policy': page['content-security-policy'],
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'permissions-policy': expect.stringContaining('camera=()'),
      })
    }
    expect(served(output, '/other/')).toEqual({})
  })

  it('caches hashed assets for a year as immutable; pages and other files get no Cache-Control from it (the host revalidates them)', () => {
    const main = [...output.files.keys()].find((f) => /^assets\/js\/main\.\w+\.js$/.test(f))!
    expect(served(output, '/gpt/' + main)['cache-control']).toBe('public, max-age=31536000, immutable')
    const chunk = [...output.files.keys()].find((f) => /^assets\/js\/(?!main\.)[\w-]+\.\w+\.js$/.test(f))!
    expect(served(output, '/gpt/' + chunk)['cache-control']).toBe('public, max-age=31536000, immutable')
    // The theme's stylesheet: every page after the first takes it from the cache.
    const sheet = [...output.files.keys()].find((f) => /^assets\/css\/theme\.\w+\.css$/.test(f))!
    expect(served(output, '/gpt/' + sheet)['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const path of ['/gpt/', '/gpt/index.html', '/gpt/robots.txt', '/gpt/assets/logo.png']) expect(served(output, path)['cache-control']).toBeUndefined()
  })

  it('the build gives serve the same rules it writes', () => {
    for (const path of ['/gpt/', '/gpt/assets/js/main.x.js']) expect(headersFor(path, output.headers.rules)).toEqual(served(output, path))
  })
})

describe('_headers with comments, images elsewhere and an https hostname', async () => {
  const valine = await site(
    `{ hostname: 'https://notes.example.com', themeConfig: { comments: { enabled: true, solution: 'valine', valineConfig: { serverURLs: 'https://comments.example.com/' }, locales: { '/en/': { valineConfig: { serverURLs: 'https://comments-en.example.org' } } } } } }`,
    { 'a.md': '# 外图\n\n![图](https://img.example.net/a.png)\n\n<img src="//cdn.example.org/b.png" srcset="https://img2.example.net/b@2x.png 2x">\n\n```html\n<img src="https://not-an-image.example/x.png">\n```\n' },
  )
  const csp = directives(valine.headers.csp)

  it("lets scripts reach widget A's comment service, each locale's too, and nothing else", () => {
    expect(csp['connect-src']).toEqual(["'self'", 'https://comments-en.example.org', 'https://comments.example.com'])
  })

  it('shows the images the content links on other hosts (escaped markup in code is not an image)', () => {
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'cdn.example.org', 'https://img.example.net', 'https://img2.example.net'])
  })

  it('upgrades insecure requests on an https site', () => {
    expect(csp['upgrade-insecure-requests']).toEqual([])
  })

  it('widget A turned on without a service adds nothing (the build writes no comment box)', async () => {
    const none = await site(`{ themeConfig: { comments: { enabled: true, solution: 'valine' } } }`)
    expect(directives(none.headers.csp)['connect-src']).toEqual(["'self'"])
  })
})

describe("widget B's hosts", () => {
  const vssue = (options: string) => {
    const config = { themeConfig: { comments: { enabled: true, solution: 'vssue', vssueConfig: JSON.parse(options) as object } } } as unknown as SiteConfig
    return widgetOrigins(widgetSettings(config))
  }

  it('GitHub: its API, its avatar and image hosts and the comment service that exchanges the login code', () => {
    expect(vssue('{"platform":"github","proxy":"https://comments.example.com/cors/"}')).toEqual({
      connect: ['https://api.github.com', 'https://comments.example.com'],
      img: ['https://*.githubusercontent.com', 'https://github.com'],
    })
  })

  it("each platform's public API by default, and a self-hosted one's own origin", () => {
    expect(vssue('{"platform":"gitlab"}').connect).toEqual(['https://gitlab.com'])
    expect(vssue('{"platform":"bitbucket"}').connect).toEqual(['https://api.bitbucket.org'])
    expect(vssue('{"platform":"gitee"}').connect).toEqual(['https://gitee.com'])
    expect(vssue('{"platform":"github-v4","baseURL":"https://ghe.example.com/"}')).toEqual({ connect: ['https://ghe.example.com'], img: ['https://ghe.example.com'] })
    expect(vssue('{"platform":"gitlab","baseURL":"https://git.example.com"}')).toEqual({ connect: ['https://git.example.com'], img: ['https://git.example.com', 'https://secure.gravatar.com'] })
  })

  it('in the built policy', async () => {
    const output = await site(`{ themeConfig: { comments: { enabled: true, solution: 'vssue', vssueConfig: { platform: 'gitee', owner: 'o', repo: 'r', clientId: 'c', proxy: 'https://comments.example.com' } } } }`)
    const csp = directives(output.headers.csp)
    expect(csp['connect-src']).toEqual(["'self'", 'https://comments.example.com', 'https://gitee.com'])
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.gitee.com', 'https://gitee.com'])
  })
})

describe('the pieces', () => {
  it('hashes only scripts a browser runs: not src scripts, not JSON data', () => {
    const html = '<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script type="application/json">{}</script><script type="text/javascript">c()\r\nd()</script>'
    expect(inlineScriptsOf(html)).toEqual(['a()', 'b()', 'c()\nd()'])
  })

  it('reads image hosts from img and source, not from text', () => {
    expect(imageOriginsOf('<picture><source srcset="https://a.example/1.avif 1x, https://b.example/2.avif 2x"><img src="/gpt/x.png" alt=""></picture> &lt;img src="https://c.example/x.png"&gt;')).toEqual(['https://a.example', 'https://b.example'])
  })

  it('an inline script of the config head is allowed by its hash too', async () => {
    const output = await site(`{ head: [['script', {}, 'window.analytics = 1']] }`)
    expect(directives(output.headers.csp)['script-src']).toContain(sha256('window.analytics = 1'))
  })

  it('is the same policy for the same inputs, whatever their order', () => {
    const a = contentSecurityPolicy({ hostname: '', inlineScripts: ['x', 'y'], imageOrigins: ['https://b', 'https://a'], connectOrigins: [] })
    const b = contentSecurityPolicy({ hostname: '', inlineScripts: ['y', 'x', 'x'], imageOrigins: ['https://a', 'https://b'], connectOrigins: [] })
    expect(a).toBe(b)
  })
})
