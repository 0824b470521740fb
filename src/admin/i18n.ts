/**
 * The page's words in Chinese (the default, with the accessible names design.md §8.1 fixes) and
 * English (chosen by the browser's language, or by the switch, remembered in this browser).
 */
import type { Status } from './api.js'

export type Lang = 'zh' | 'en'

export interface Words {
  htmlLang: string
  title: string
  switchTo: string
  switchLabel: string
  token: string
  signIn: string
  signOut: string
  missingToken: string
  wrongToken: string
  tooManyTries: string
  unreachable: string
  expired: string
  tabs: Record<Status, string>
  tabsLabel: string
  approve: string
  spam: string
  delete: string
  select: string
  selectAll: string
  bulkApprove: string
  bulkSpam: string
  bulkDelete: string
  bulkLabel: string
  filterLabel: string
  filterPlaceholder: string
  filter: string
  clearFilter: string
  filtered: (url: string) => string
  prev: string
  next: string
  pageOf: (page: number, pages: number) => string
  pagination: string
  empty: string
  loading: string
  page: string
  mail: string
  link: string
  time: string
  replyTo: string
  parentGone: string
  commentBy: (nick: string) => string
  /** The name of a comment stored without a nick. */
  anonymous: string
  confirmDelete: (n: number) => string
  confirm: string
  cancel: string
  done: Record<'approve' | 'spam' | 'delete', (n: number) => string>
  failed: string
  /** A held comment's image before the owner asks for it, by its host. */
  heldImage: (host: string) => string
  showImages: (n: number) => string
}

const zh: Words = {
  htmlLang: 'zh-CN',
  title: '评论管理',
  switchTo: 'English',
  switchLabel: 'Switch to English',
  token: '管理令牌',
  signIn: '登录',
  signOut: '退出',
  missingToken: '请输入管理令牌。',
  wrongToken: '管理令牌不正确，请检查后重试。',
  tooManyTries: '这个网络地址输错管理令牌的次数过多，请稍后再试。',
  unreachable: '无法连接评论服务，请稍后重试。',
  expired: '管理令牌已失效，请重新登录。',
  tabs: { waiting: '待审核', approved: '已通过', spam: '垃圾评论' },
  tabsLabel: '评论状态',
  approve: '通过',
  spam: '标为垃圾',
  delete: '删除',
  select: '选择',
  selectAll: '全选',
  bulkApprove: '批量通过',
  bulkSpam: '批量标为垃圾',
  bulkDelete: '批量删除',
  bulkLabel: '批量操作',
  filterLabel: '页面路径',
  filterPlaceholder: '例如 /posts/hello.html',
  filter: '筛选',
  clearFilter: '清除筛选',
  filtered: (url) => `只显示 ${url} 的评论`,
  prev: '上一页',
  next: '下一页',
  pageOf: (page, pages) => `第 ${page} / ${pages} 页`,
  pagination: '分页',
  empty: '这里没有评论。',
  loading: '加载中…',
  page: '页面',
  mail: '邮箱',
  link: '网址',
  time: '时间',
  replyTo: '回复',
  parentGone: '一条已删除的评论',
  commentBy: (nick) => `${nick} 的评论`,
  anonymous: '匿名',
  confirmDelete: (n) => (n === 1 ? '删除这条评论及其所有回复？此操作无法撤销。' : `删除选中的 ${n} 条评论及其所有回复？此操作无法撤销。`),
  confirm: '确认删除',
  cancel: '取消',
  done: {
    approve: (n) => `已通过 ${n} 条评论。`,
    spam: (n) => `已将 ${n} 条评论标为垃圾。`,
    delete: (n) => `已删除 ${n} 条评论及其回复。`,
  },
  failed: '操作失败，请重试。',
  heldImage: (host) => (host ? `[图片：${host}]` : '[图片]'),
  showImages: (n) => `显示图片（${n} 张，图片所在的网站会看到你的访问）`,
}

const en: Words = {
  htmlLang: 'en',
  title: 'Comment moderation',
  switchTo: '中文',
  switchLabel: '切换到中文',
  token: 'Admin token',
  signIn: 'Sign in',
  signOut: 'Sign out',
  missingToken: 'Enter the admin token.',
  wrongToken: 'The admin token is wrong. Check it and try again.',
  tooManyTries: 'Too many wrong admin tokens from this network address. Try again later.',
  unreachable: 'The comment service cannot be reached. Try again later.',
  expired: 'The admin token is no longer accepted. Sign in again.',
  tabs: { waiting: 'Waiting', approved: 'Approved', spam: 'Spam' },
  tabsLabel: 'Comment status',
  approve: 'Approve',
  spam: 'Mark as spam',
  delete: 'Delete',
  select: 'Select',
  selectAll: 'Select all',
  bulkApprove: 'Approve selected',
  bulkSpam: 'Mark selected as spam',
  bulkDelete: 'Delete selected',
  bulkLabel: 'Bulk actions',
  filterLabel: 'Page path',
  filterPlaceholder: '例如 /posts/hello.html',
  filter: 'Filter',
  clearFilter: 'Clear filter',
  filtered: (url) => `Only comments on ${url}`,
  prev: 'Previous page',
  next: 'Next page',
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  pagination: 'Pages',
  empty: 'No comments here.',
  loading: 'Loading…',
  page: 'Page',
  mail: 'E-mail',
  link: 'Site',
  time: 'Time',
  replyTo: 'Reply to',
  parentGone: 'a deleted comment',
  commentBy: (nick) => `Comment by ${nick}`,
  anonymous: 'Anonymous',
  confirmDelete: (n) => (n === 1 ? 'Delete this comment and all its replies? This cannot be undone.' : `Delete the ${n} selected comments and all their replies? This cannot be undone.`),
  confirm: 'Delete',
  cancel: 'Cancel',
  done: {
    approve: (n) => `${n} comment${n === 1 ? '' : 's'} approved.`,
    spam: (n) => `${n} comment${n === 1 ? '' : 's'} marked as spam.`,
    delete: (n) => `${n} comment${n === 1 ? '' : 's'} deleted with ${n === 1 ? 'its' : 'their'} replies.`,
  },
  failed: 'The action failed. Try again.',
  heldImage: (host) => (host ? `[image: ${host}]` : '[image]'),
  showImages: (n) => `Show ${n === 1 ? 'the image' : `${n} images`} (the site that holds ${n === 1 ? 'it' : 'them'} will see your visit)`,
}

export const WORDS: Record<Lang, Words> = { zh, en }

/** What Valine (and so the comment service) stores as the nick of a comment left without one. */
const STORED_ANONYMOUS = 'Anonymous'

/** A commenter's name as the owner reads it: the stored default in the page's language. */
export const nickIn = (nick: string, t: Words): string => (nick === STORED_ANONYMOUS ? t.anonymous : nick)

const LANG_KEY = 'gptnotes-admin-lang'

/** The switch's choice, else the first of the browser's languages that is Chinese or English; Chinese by default. */
export function initialLang(): Lang {
  const chosen = localStorage.getItem(LANG_KEY)
  if (chosen === 'zh' || chosen === 'en') return chosen
  for (const tag of navigator.languages ?? [navigator.language]) {
    if (/^zh\b/i.test(tag)) return 'zh'
    if (/^en\b/i.test(tag)) return 'en'
  }
  return 'zh'
}

export function rememberLang(lang: Lang): void {
  localStorage.setItem(LANG_KEY, lang)
}
