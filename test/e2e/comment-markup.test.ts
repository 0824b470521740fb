import { build } from 'esbuild'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sanitizeHtml as serviceSanitize } from '../../src/proxy/policy/sanitize.js'
import { BROWSER_BUILD } from '../../src/render/bundle/browser.js'
import { launchBrowser } from '../helpers/browser.js'
import { REPO_ROOT } from '../helpers/sites.js'

/**
 * The two sanitisers of comment markup read one allow-list (src/shared/comment-markup.ts): the
 * service's, without a DOM, and widget A's DOMPurify policy in a real browser. On the same
 * input they keep the same elements and attributes: what is allowed stays in both, what is
 * not goes from both. Compared as the browser parses each output, attributes sorted.
 */

/**
 * Allowed: each survives both sanitisers as written (links gain the target and rel; images gain
 * no referrer, lazy loading and a size: their own when both are written, else 320 × 240).
 */
const ALLOWED = [
  '<p>文字 <strong>粗</strong> <em>斜</em> <del>删</del> <b>b</b> <i>i</i> <s>s</s> <ins>ins</ins> <u>u</u> <sub>1</sub> <sup>2</sup> <kbd>Ctrl</kbd> <mark>m</mark></p>',
  '<pre><code class="language-ts hljs">let a = 1 &amp;&amp; b &lt; c</code></pre>',
  '<p><code class="lang-js">x</code> <span class="hljs-keyword">const</span></p>',
  '<h2 id="v-标题-1">标题</h2><h6 id="v-">六</h6>',
  '<p><a href="https://example.com/a?b=1" title="提示">外链</a> <a href="mailto:a@example.com">信</a> <a href="/gpt/post.html">站内</a></p>',
  '<p><a class="at" href="#5f1c2a">@昵称 </a>回复</p>',
  '<p><img src="https://example.com/a.png" alt="图" title="题"></p>',
  '<p><img src="https://example.com/e.png" alt="表情" width="20" height="20"></p>',
  '<ol start="3"><li>三</li></ol><ul><li>点</li></ul><blockquote><p>引</p></blockquote><hr><p>行<br>行</p>',
  '<table><thead><tr><th align="center">头</th></tr></thead><tbody><tr><td align="right">格</td></tr></tbody><tfoot><tr><td>脚</td></tr></tfoot></table>',
]

/** Not allowed: the element, the attribute or the value goes (the text of an unwrapped element stays). */
const DISALLOWED = [
  '<script>alert(1)</script>后',
  '<style>p{color:red}</style>后',
  '<img src=x onerror="alert(1)">',
  '<img src="data:image/png;base64,iVBORw0KGgo=">后',
  '<img src="/relative.png" alt="相对">后',
  '<a href="javascript:alert(1)">点</a>',
  '<a href="java&#9;script:alert(1)">点</a>',
  '<a href="https://example.com" target="_top" rel="opener">点</a>',
  '<a class="evil" href="#x">点</a>',
  '<a>无地址</a>',
  '<p style="color:red" onclick="alert(1)" data-x="1" aria-label="标">段</p>',
  '<div class="box" id="main">块</div>',
  '<h2 id="main">页的 id</h2>',
  '<p class="at" id="v-x">段</p>',
  '<span class="evil language-js">混</span><code class="hljs evil">码</code>',
  '<ol start="x"><li>a</li></ol><th align="justify">b</th>',
  '<iframe src="https://example.com"></iframe>后',
  '<svg onload="alert(1)"><circle r="1"></circle></svg>后',
  '<math><mi>x</mi></math>后',
  '<select><option>选</option></select>后',
  '<textarea>文本</textarea>后',
  '<template><p>模板</p></template>后',
  '<noscript><p>无脚本</p></noscript>后',
  '<object data="x.swf"></object>后',
  '<details open ontoggle="alert(1)"><summary>摘要</summary>详情</details>',
  '<form action="https://example.com"><input type="checkbox" autofocus onfocus="alert(1)"><button>按</button></form>',
  '<video src="https://example.com/v.mp4" controls></video>后',
  '<img src="https://example.com/a.png" referrerpolicy="unsafe-url" loading="eager" width="0" height="99999">后',
]

/** Widget A's sanitiser, bundled for the browser as the site bundles it. */
async function browserSanitiser(): Promise<string> {
  const out = await build({
    stdin: { contents: `import { sanitizeHtml } from './src/client/widgets/kit/comment-html.ts'; window.__sanitize = sanitizeHtml`, resolveDir: REPO_ROOT, loader: 'ts' },
    ...BROWSER_BUILD,
    // One classic script, evaluated into the test page.
    format: 'iife',
    bundle: true,
    write: false,
    absWorkingDir: REPO_ROOT,
    logLevel: 'silent',
  })
  return out.outputFiles[0].text
}

/** Both outputs, as the browser parses them: elements, sorted attributes, text. */
const canonical = (page: Page, htmls: string[]) =>
  page.evaluate((list) => {
    const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
    const write = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return escape(node.textContent ?? '')
      if (node.nodeType !== Node.ELEMENT_NODE) return ''
      const el = node as Element
      const attrs = [...el.attributes].map((a) => ` ${a.name}="${escape(a.value)}"`).sort().join('')
      return `<${el.localName}${attrs}>${[...el.childNodes].map(write).join('')}</${el.localName}>`
    }
    return list.map((html) => {
      const t = document.createElement('template')
      t.innerHTML = html.trim()
      return [...t.content.childNodes].map(write).join('')
    })
  }, htmls)

let browser: Browser
let page: Page

beforeAll(async () => {
  const script = await browserSanitiser()
  browser = await launchBrowser()
  page = await browser.newPage()
  await page.setContent('<!doctype html><title>sanitisers</title>')
  await page.addScriptTag({ content: script })
})

afterAll(async () => {
  await browser?.close()
})

async function both(inputs: string[]): Promise<{ input: string; service: string; browser: string }[]> {
  const fromBrowser = await page.evaluate((list) => list.map((html) => (window as unknown as { __sanitize: (h: string) => string }).__sanitize(html)), inputs)
  const service = await canonical(page, inputs.map((i) => serviceSanitize(i)))
  const browserSide = await canonical(page, fromBrowser)
  return inputs.map((input, i) => ({ input, service: service[i], browser: browserSide[i] }))
}

describe('the service and widget A sanitise comment markup alike', () => {
  it('keeps every allowed element and attribute, in both', async () => {
    // Links that leave the page gain the target and rel, images their attributes; nothing else changes.
    const withImageAttributes = (html: string) => html.replace(/<img ([^>]*?)>/g, (_, attrs: string) => `<img ${attrs} referrerpolicy="no-referrer" loading="lazy"${/ width=/.test(attrs) ? '' : ' width="320" height="240"'}>`)
    const expected = await canonical(page, ALLOWED.map((html) => withImageAttributes(html.replace(/<a href="(?!#)/g, '<a target="_blank" rel="ugc nofollow noopener noreferrer" href="'))))
    for (const [i, r] of (await both(ALLOWED)).entries()) {
      expect(r.browser, r.input).toBe(r.service)
      expect(r.service, r.input).toBe(expected[i])
    }
  })

  it('drops every disallowed element, attribute and value, in both', async () => {
    for (const r of await both(DISALLOWED)) {
      expect(r.browser, r.input).toBe(r.service)
      expect(r.service, r.input).not.toMatch(/<(script|style|iframe|svg|math|select|textarea|template|noscript|object|details|summary|form|input|button|video|div)\b|on[a-z]+=|style=|data-|aria-|javascript:|"opener"|_top|"main"|evil|"x"|justify|\/relative\.png|data:image/)
      expect(r.service, r.input).not.toMatch(/unsafe-url|eager|"0"|99999/)
    }
  })

  it('keeps the text of an element it unwraps, and drops the content of script, frames and foreign markup', async () => {
    const [details, svg, select] = await both([DISALLOWED[24], DISALLOWED[17], DISALLOWED[19]])
    expect([details.service, details.browser]).toEqual(['摘要详情', '摘要详情'])
    expect([svg.service, svg.browser]).toEqual(['后', '后'])
    expect([select.service, select.browser]).toEqual(['后', '后'])
  })
})
