import { describe, expect, it } from 'vitest'
import { isExternal, isFileName, normalizePath, resolvePath, resolveRelative, routePathOf, toHtmlLink, withBase } from '../../src/shared/paths.js'

describe('shared/paths: link rules', () => {
  it('treats http, https, mailto, tel and protocol-relative links as external', () => {
    for (const href of ['http://a.com', 'https://a.com/x', 'mailto:a@b.c', 'tel:+861234', '//cdn.example.com/x.js']) expect(isExternal(href)).toBe(true)
    for (const href of ['/gpt/a.html', './a.md', '#x', 'a/b']) expect(isExternal(href)).toBe(false)
  })

  it('gives internal links an .html suffix unless they end in a slash, keeping hashes', () => {
    expect(toHtmlLink('./a.md')).toBe('./a.html')
    expect(toHtmlLink('./a.md#第一步')).toBe('./a.html#第一步')
    expect(toHtmlLink('/handbook/a')).toBe('/handbook/a.html')
    expect(toHtmlLink('/tag/')).toBe('/tag/')
    expect(toHtmlLink('../README.md')).toBe('../')
    expect(toHtmlLink('./images/a.png')).toBe('./images/a.png')
    expect(toHtmlLink('#only-hash')).toBe('#only-hash')
    expect(toHtmlLink('https://x.com/a')).toBe('https://x.com/a')
  })

  it('takes only .md and .html for a page\'s extensions: dotted page names get .html, files keep theirs', () => {
    expect(toHtmlLink('./vuex 4.x')).toBe('./vuex 4.x.html')
    expect(toHtmlLink('./vuex%204.x')).toBe('./vuex%204.x.html')
    expect(toHtmlLink('./vuex%204.x.md#安装')).toBe('./vuex%204.x.html#安装')
    expect(toHtmlLink('./vuex 4.x.html')).toBe('./vuex 4.x.html')
    expect(toHtmlLink('/notes/v1.2-notes')).toBe('/notes/v1.2-notes.html')
    expect(toHtmlLink('/notes/vue 3.0')).toBe('/notes/vue 3.0.html')
    for (const file of ['a.pdf', 'b.tar.gz', 'c.mp4', 'd.7z', 'e.woff2', 'f.JPEG', 'x/.nojekyll']) expect(isFileName(file), file).toBe(true)
    for (const page of ['vuex 4.x', 'v1.2-notes', 'vue 3.0', 'a.md', 'a.html', 'README', 'release.v2']) expect(isFileName(page), page).toBe(false)
  })

  it('resolves relative links against the page directory', () => {
    expect(resolveRelative('/handbook/a.html', './b.html')).toBe('/handbook/b.html')
    expect(resolveRelative('/handbook/a.html', '../announcement.html')).toBe('/announcement.html')
    expect(resolveRelative('/', './handbook/x.html')).toBe('/handbook/x.html')
  })

  it('maps markdown files to routes, percent-encoding spaces', () => {
    expect(routePathOf('README.md')).toBe('/')
    expect(routePathOf('handbook/a.md')).toBe('/handbook/a.html')
    expect(routePathOf('handbook/how_to_register_for onlyfans.md')).toBe('/handbook/how_to_register_for%20onlyfans.html')
    expect(routePathOf('guide/index.md')).toBe('/guide/')
  })

  it('normalises a path to one encoded spelling', () => {
    expect(normalizePath('/a b.html')).toBe('/a%20b.html')
    expect(normalizePath('/a%20b.html')).toBe('/a%20b.html')
    expect(normalizePath('/tag/教程/')).toBe('/tag/%E6%95%99%E7%A8%8B/')
    expect(withBase('/gpt/', '/a.html')).toBe('/gpt/a.html')
  })
})

describe('shared/paths: resolvePath (the spec path handling)', () => {
  const known = new Set(['/gpt/', '/gpt/a.html', '/gpt/tag/', '/gpt/dir/', '/gpt/x%20y.html', '/gpt/tag/%E6%95%99%E7%A8%8B/'])
  const isKnown = (p: string) => known.has(p)

  it('uses a known route as is', () => {
    expect(resolvePath('/gpt/a.html', isKnown)).toEqual({ kind: 'found', path: '/gpt/a.html' })
  })
  it('retries a trailing slash as .html', () => {
    expect(resolvePath('/gpt/a/', isKnown)).toEqual({ kind: 'redirect', path: '/gpt/a.html' })
  })
  it('retries a bare path with .html, then with a slash', () => {
    expect(resolvePath('/gpt/a', isKnown)).toEqual({ kind: 'redirect', path: '/gpt/a.html' })
    expect(resolvePath('/gpt/dir', isKnown)).toEqual({ kind: 'redirect', path: '/gpt/dir/' })
  })
  it('leaves an unknown path alone', () => {
    expect(resolvePath('/gpt/nope.html', isKnown)).toEqual({ kind: 'notFound', path: '/gpt/nope.html' })
  })
  it('redirects the literal-space spelling to the %20 route', () => {
    expect(resolvePath('/gpt/x y.html', isKnown)).toEqual({ kind: 'redirect', path: '/gpt/x%20y.html' })
  })
  it('lets a known encoded route through and decodes unknown percent-encoded paths', () => {
    expect(resolvePath('/gpt/tag/%E6%95%99%E7%A8%8B/', isKnown).kind).toBe('found')
    expect(resolvePath('/gpt/%7Efoo', isKnown)).toEqual({ kind: 'redirect', path: '/gpt/~foo' })
    expect(resolvePath('/gpt/%7Efoo.html', isKnown).kind).toBe('notFound')
  })
  it('applies explicit redirects first', () => {
    expect(resolvePath('/gpt/index.html', isKnown, { '/gpt/index.html': '/gpt/' })).toEqual({ kind: 'redirect', path: '/gpt/' })
  })
})
