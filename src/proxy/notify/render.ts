/**
 * The words of each notification, in Chinese, for each channel: mail (text and HTML), the
 * robots' markdown, plain text. What a reader wrote (the comment, the name, the page's path)
 * never reaches a mail's HTML or a robot's markdown as markup: the comment's HTML is reduced to
 * its text, cut to `TEXT_CHARS`, then escaped for where it goes. In a robot's message it carries
 * no address either (`robotText`): the only links there are the service's own. No message
 * carries an e-mail address or an IP. Web-standard.
 */
import { decodeEntities, escapeHtml } from '../../shared/escape.js'
import type { Notice } from './notice.js'

/** How much of a comment a message quotes. */
export const TEXT_CHARS = 200

/** The visible text of sanitised comment HTML, on one line, cut to `max` characters. */
export function plainText(html: string, max = TEXT_CHARS): string {
  const text = decodeEntities(html.replace(/<(br|\/p|\/div|\/li|\/blockquote)\b[^>]*>/gi, ' ').replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim()
  const chars = [...text]
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text
}

/**
 * Text made inert for the robots' markdown: every character markdown gives a meaning is
 * backslash-escaped, and `<` `>` (which WeCom reads as `<font>` and `<@user>` tags) become their
 * full-width forms, so no link, emphasis, heading or mention comes from a reader.
 */
export function escapeMarkdown(text: string): string {
  return inertText(text).replace(/[\\`*_{}[\]()#+\-.!|~]/g, (c) => `\\${c}`).replace(/\n/g, ' ')
}

/** Plain text for chats that read `<at …>` tags in text (Feishu): the angle brackets only. */
export const inertText = (text: string): string => text.replace(/</g, '＜').replace(/>/g, '＞')

/** Characters a renderer or a host name reads as a colon, a slash or a dot. */
const COLON = '[:：﹕︓∶꞉ː]'
const SLASHES = '[/／⁄∕⧸\\\\＼]{2}'
const DOT = /[.。．｡︒]|%2e/gi
/** A scheme-like word (full-width letters too) and its colon, when an address could follow (`http://`, `javascript:x`, `host:8080`, `http ：／／`). */
const SCHEME = new RegExp(`([A-Za-zＡ-Ｚａ-ｚ][A-Za-z0-9+.\\-Ａ-Ｚａ-ｚ０-９＋．－]*)\\s*${COLON}(?=[^\\s]|\\s*[/／⁄∕⧸\\\\＼])`, 'gu')
/** A host as an address starts one: after `//`, `www.`, or an e-mail's `@`. */
const HOST = new RegExp(`(?:${SLASHES}|(?<![A-Za-z0-9])www(?=[.。．｡︒])|@)[^\\s/／]*`, 'giu')

/**
 * Reader text that no renderer or chat client makes an address of: the link syntax of every
 * robot (`[text](url)`, `<url>`, `<at …>`, HTML character references) loses its brackets, and
 * every scheme-like run is broken (`http[:]//evil[.]example`, `javascript[:]x`, `host[:]8080`),
 * whatever its dots, ports or look-alike colons and slashes: a link a reader wrote would reach
 * the owner as the service's own message. Invisible format characters are dropped first, so none
 * hides a run from this and is then dropped by a client.
 */
export function robotText(text: string): string {
  return inertText(text.replace(/\p{Cf}/gu, ''))
    .replace(/[[\]()&]/g, (c) => ({ '[': '［', ']': '］', '(': '（', ')': '）', '&': '＆' })[c]!)
    .replace(SCHEME, '$1[:]')
    .replace(HOST, (run) => run.replace(DOT, '[.]'))
}

export interface Rendered {
  /** A title (mail subject, DingTalk's `title`). */
  title: string
  /** Lines of plain text (already escaped by `esc`), to be joined by the channel. */
  lines: string[]
}

/** The message's parts, with reader text escaped by `esc` and links made by `link`. */
function compose(notice: Notice, esc: (s: string) => string, link: (label: string, href: string) => string): Rendered {
  const c = notice.comment
  const nick = esc(c.nick)
  const path = esc(c.url)
  const text = esc(plainText(c.comment))
  const page = notice.pageUrl ? link(notice.pageUrl, notice.pageUrl) : path
  switch (notice.type) {
    case 'comment.created': {
      const waiting = c.status !== 'approved'
      return {
        title: notice.test ? '[测试] gptnotes 评论通知' : `${waiting ? '[待审核] ' : ''}${c.nick} 在 ${c.url} 发表了新评论`,
        lines: [`${nick} 在 ${page} 发表了${c.pid ? '回复' : '评论'}：`, '', text, '', waiting ? '状态：待审核（通过后读者才能看到）' : '状态：已发布', `管理：${link(notice.adminUrl, notice.adminUrl)}`],
      }
    }
    case 'comment.approved':
      return { title: `${c.nick} 在 ${c.url} 的评论已通过审核`, lines: [`${nick} 在 ${page} 的评论已通过审核：`, '', text, '', `管理：${link(notice.adminUrl, notice.adminUrl)}`] }
    case 'comment.reply':
      return {
        title: `${c.nick} 回复了你在 ${c.url} 的评论`,
        lines: [
          `${nick} 回复了你在 ${page} 的评论。`,
          '',
          ...(notice.parent ? [`你的评论：${esc(notice.parent.excerpt)}`, ''] : []),
          `${nick} 的回复：${text}`,
          ...(notice.unsubscribeUrl ? ['', `不想再收到回复通知？退订：${link(notice.unsubscribeUrl, notice.unsubscribeUrl)}`] : []),
        ],
      }
  }
}

export interface MailContent {
  subject: string
  text: string
  html: string
}

export function mailContent(notice: Notice): MailContent {
  const text = compose(notice, (s) => s, (_label, href) => href)
  const html = compose(notice, escapeHtml, (label, href) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`)
  // A subject is one line: a reader's name cannot add headers.
  const subject = text.title.replace(/[\r\n]+/g, ' ')
  const body = html.lines.map((l) => (l === '' ? '' : `<p>${l}</p>`)).join('\n')
  return { subject, text: text.lines.join('\n'), html: `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><body>${body}</body></html>` }
}

/** A link target that cannot end the markdown link early: brackets, quotes and spaces percent-encoded. */
const safeHref = (href: string): string => href.replace(/[()<>\s"'\\[\]`]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)

/** Markdown for WeCom and DingTalk: reader text escaped, links the service's own. */
export function markdownContent(notice: Notice): { title: string; text: string } {
  const reader = (s: string) => escapeMarkdown(robotText(s))
  const m = compose(notice, reader, (label, href) => `[${escapeMarkdown(label)}](${safeHref(href)})`)
  return { title: reader(m.title), text: [`### ${reader(m.title)}`, '', ...m.lines].join('\n\n').replace(/\n{3,}/g, '\n\n') }
}

/** Plain text (Feishu's `text` message). */
export function textContent(notice: Notice): string {
  const m = compose(notice, robotText, (_label, href) => href)
  return [robotText(m.title), '', ...m.lines].join('\n')
}
