import { describe, expect, it } from 'vitest'
import { collectReferences, srcsetUrls } from '../../src/tools/check-links/collect-references.js'
import { locateInSource } from '../../src/tools/check-links/locate-source.js'

/** What the checker reads out of a built page, on hand-written HTML with the awkward cases. */
const PAGE = `<!DOCTYPE html>
<html><head>
<link rel="stylesheet" href="/gpt/assets/css/main.css"><link rel="canonical" href="/gpt/not-fetched.html">
<link rel="modulepreload" href="/gpt/assets/js/main.js"><link rel="icon" href="data:,">
<script>const html = '<a href="/gpt/inside-a-script.html">';</script>
</head><body>
<!-- <a href="/gpt/commented-out.html"> -->
<nav><a href="/gpt/a.html?x=1&amp;y=2" title="a > b">A</a></nav>
<div class="content" data-gn-content=""><h2 id="细节">细节</h2><div><a href=/gpt/unquoted.html>x</a></div>
<picture><source srcset="/gpt/w.png 2x, /gpt/n.png 1x"><img src='/gpt/n.png' alt=""></picture></div>
<footer><a href="#细节">top</a></footer>
<script id="__GPTNOTES_DATA__" type="application/json">{"route":{"page":{"relativePath":"guide/a.md"}}}</script>
<script type="module" src="/gpt/assets/js/main.js"></script>
<script data-entry="/gpt/assets/js/entry.js" data-preload="a.js  /gpt/assets/js/b.js">start()</script>
</body></html>`

describe('collecting references from built HTML', () => {
  const scan = collectReferences('guide/a.html', PAGE)
  const refs = scan.references.map((r) => `${r.tag}[${r.attr}] ${r.url} line ${r.line}${r.inContent ? ' content' : ''}`)

  it("finds links, images, srcset candidates, scripts (the client loader's entry and preloads too) and fetched stylesheets, with lines, and tells content from theme", () => {
    expect(refs).toEqual([
      'link[href] /gpt/assets/css/main.css line 3',
      'link[href] /gpt/assets/js/main.js line 4',
      'link[href] data:, line 4',
      'a[href] /gpt/a.html?x=1&y=2 line 8',
      'a[href] /gpt/unquoted.html line 9 content',
      'source[srcset] /gpt/w.png line 10 content',
      'source[srcset] /gpt/n.png line 10 content',
      'img[src] /gpt/n.png line 10 content',
      'a[href] #细节 line 11',
      'script[src] /gpt/assets/js/main.js line 13',
      'script[data-entry] /gpt/assets/js/entry.js line 14',
      'script[data-preload] /gpt/assets/js/a.js line 14',
      'script[data-preload] /gpt/assets/js/b.js line 14',
    ])
  })

  it('keeps the ids (anchor targets) and the markdown file the page came from', () => {
    expect([...scan.ids]).toEqual(['细节', '__GPTNOTES_DATA__'])
    expect(scan.source).toBe('guide/a.md')
  })

  it('parses srcset as browsers do', () => {
    expect(srcsetUrls('a.png 1x,b.png 2x')).toEqual(['a.png', 'b.png'])
    expect(srcsetUrls(' a,b.png , c.png 480w')).toEqual(['a,b.png', 'c.png'])
  })
})

describe('placing a content link at its markdown line', () => {
  const md = ['# 标题', '', '看[细节](./b.md#细节)。', '', '又是[细节](./b.md#细节)，<a href="/gpt/b.html#%E7%BB%86%E8%8A%82">原样</a>'].join('\n')
  const href = '/gpt/b.html#%E7%BB%86%E8%8A%82'

  it('finds a rewritten link by its markdown spelling, and the n-th of several in document order', () => {
    expect(locateInSource(md, { raw: href, url: href, base: '/gpt/', occurrence: 0, total: 3 })).toBe(3)
    expect(locateInSource(md, { raw: href, url: href, base: '/gpt/', occurrence: 1, total: 3 })).toBe(5)
    expect(locateInSource(md, { raw: href, url: href, base: '/gpt/', occurrence: 2, total: 3 })).toBe(5)
    expect(locateInSource(md, { raw: '/gpt/zzz.html', url: '/gpt/zzz.html', base: '/gpt/' })).toBeUndefined()
  })
})
