/**
 * What a group robot's client makes a link of, for the notification tests: the link syntax each
 * robot documents, and the addresses a chat client links by itself in what it shows.
 *
 * - WeCom group robot, `markdown` (https://developer.work.weixin.qq.com/document/path/91770,
 *   "markdown类型"): a documented subset of headings, bold, `[text](url)` links, inline code,
 *   quotes, `<font color="info|comment|warning">` and `<@userid>` mentions.
 * - DingTalk custom robot, `markdown` (https://open.dingtalk.com/document/orgapp/message-type,
 *   "markdown类型"): headings, quotes, bold, italic, `[text](url)` links, `![](url)` images,
 *   lists, `<font>`, and `@mobile` mentions named in `at`.
 * - Feishu custom robot, `text` (https://open.feishu.cn/document/server-docs/im-v1/message-content-description/create_json,
 *   "文本 text"): `<at user_id="…">` mentions, bold, italic, `<u>`, `<s>`, and `[text](url)`
 *   hyperlinks.
 *
 * None of them says that a backslash escapes anything, so the syntax is read with backslashes as
 * plain characters (and again with them read as CommonMark escapes, which GFM covers). The probe
 * that prompted these tests saw the clients link bare addresses too (`http://host:8080/`), so an
 * address is any scheme-like run (`word:` and a character), `www.`, an e-mail or `//` and a
 * dotted host, after the look-alikes a client or a host name folds (NFKC: full-width colons,
 * slashes and dots; the ideographic full stop; `%2E`) are folded.
 */
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'

export type RobotFormat = 'wecom' | 'dingtalk' | 'feishu'

/** Look-alikes folded as a client or a host name would: NFKC, ideographic dots, `%2E`. */
const fold = (s: string): string => s.normalize('NFKC').replace(/[。｡︒]/g, '.').replace(/%2e/gi, '.')

/** The addresses a client could link in shown text: each from its start to the end of its run. */
export function bareAddresses(shown: string): string[] {
  const found: string[] = []
  const start = /[A-Za-z][A-Za-z0-9+.-]*:(?=\S)|(?<![A-Za-z0-9])www\.|\/\/[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+|[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/
  for (const token of fold(shown).split(/\s+/)) {
    const m = start.exec(token)
    if (m) found.push(token.slice(m.index))
  }
  return found
}

/** Every link target a robot's documented syntax makes of `text`, and every mention or colour tag. */
export function documentedLinks(format: RobotFormat, text: string): { links: string[]; tags: string[] } {
  // The syntax as the client parses it (no folding: `（` is not `(` to a parser).
  const links = [...text.matchAll(/\[[^\]\n]*\]\(([^)\s]*)\)/g)].map((m) => m[1])
  links.push(...[...text.matchAll(/<([A-Za-z][A-Za-z0-9+.-]*:[^>\s]*)>/g)].map((m) => m[1]))
  const tags = [...text.matchAll(format === 'feishu' ? /<(at|u|s)\b[^>]*>/gi : format === 'wecom' ? /<(font|@)[^>]*>/gi : /<(font|a|img)\b[^>]*>/gi)].map((m) => m[0])
  // What the client shows outside those links: the text as written, and with CommonMark's escapes read.
  const outside = text.replace(/!?\[[^\]\n]*\]\([^)\s]*\)/g, ' ')
  for (const shown of [outside, outside.replace(/\\([!-/:-@[-`{-~])/g, '$1')]) links.push(...bareAddresses(shown))
  return { links, tags }
}

/** The `href` and `src` of GFM's HTML for `markdown`, and the addresses in its visible text. */
export function gfmLinks(markdown: string): string[] {
  const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] })
  const targets = [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'))
  const shown = html.replace(/<a\b[^>]*>.*?<\/a>/g, ' ').replace(/<[^>]*>/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&')
  return [...targets, ...bareAddresses(shown)]
}
