import type { ValineLang } from '../../../shared/widgets/valine.js'

/**
 * Every text the box shows, per language (zh-CN by default; Valine's own wording where it had
 * one). The accessible names in zh-CN are fixed: tests and assistive tools agree on them.
 */
export interface Messages {
  /** Field names (also their placeholders). */
  nick: string
  mail: string
  link: string
  linkHint: string
  editor: string
  placeholder: string
  submit: string
  submitting: string
  cancelReply: string
  emoji: string
  emojiPanel: string
  preview: string
  previewEmpty: string
  more: string
  reply: string
  replyingTo: (nick: string) => string
  count: (n: number) => string
  seeMore: string
  empty: string
  loading: string
  /** Comments on this page: the region's name. */
  region: string
  /** Validation and submit tips. */
  nickShort: string
  mailInvalid: string
  required: (field: string) => string
  busy: string
  held: string
  tooFast: (seconds: number | undefined) => string
  unreachable: string
  retry: string
  imageAlt: string
  /** How a comment stored without a nick (Valine stores `Anonymous`) is shown. */
  anonymous: string
  /** Relative time. */
  now: string
  seconds: string
  minutes: string
  hours: string
  days: string
  /** Localised texts of LeanCloud's codes (spec §8). */
  codes: Partial<Record<number, string>>
}

const zhCN: Messages = {
  anonymous: '匿名',
  nick: '昵称',
  mail: '邮箱',
  link: '网址',
  linkHint: '网址（http://）',
  editor: '评论内容',
  placeholder: '说点什么吧，支持 Markdown',
  submit: '提交',
  submitting: '提交中…',
  cancelReply: '取消回复',
  emoji: '表情',
  emojiPanel: '选择表情',
  preview: '预览',
  previewEmpty: '还没有可预览的内容',
  more: '加载更多',
  reply: '回复',
  replyingTo: (nick) => `回复 @${nick}`,
  count: (n) => `${n} 条评论`,
  seeMore: '查看更多',
  empty: '快来做第一个评论的人吧~',
  loading: '评论加载中…',
  region: '评论',
  nickShort: '昵称不能少于3个字符',
  mailInvalid: '请填写正确的邮件地址',
  required: (field) => `请填写${field}`,
  busy: '操作频繁，请稍候再试...',
  held: '评论已提交，审核通过后才会显示。',
  tooFast: (s) => (s ? `评论太快了，请 ${s} 秒后再试。` : '评论太快了，请稍候再试。'),
  unreachable: '评论服务暂时无法连接，文章不受影响。',
  retry: '重试',
  imageAlt: '图片',
  now: '刚刚',
  seconds: ' 秒前',
  minutes: ' 分钟前',
  hours: ' 小时前',
  days: ' 天前',
  codes: {
    98: '初始化失败，请检查评论 SDK 的版本。',
    99: '初始化失败，请检查 init 中的 `el` 元素。',
    100: '初始化失败，请检查你的 AppId 和 AppKey。',
    140: '今日 API 调用总次数已超过开发版限制。',
    401: '未经授权的操作，请检查你的 AppId 和 AppKey。',
    403: '访问被 API 域名白名单拒绝，请检查你的安全域名设置。',
  },
}

const zhTW: Messages = {
  ...zhCN,
  nick: '暱稱',
  mail: '郵箱',
  link: '網址',
  linkHint: '網址（http://）',
  editor: '評論內容',
  placeholder: '說點什麼吧，支援 Markdown',
  submit: '提交',
  submitting: '提交中…',
  emojiPanel: '選擇表情',
  previewEmpty: '還沒有可預覽的內容',
  preview: '預覽',
  more: '載入更多',
  reply: '回覆',
  cancelReply: '取消回覆',
  replyingTo: (nick) => `回覆 @${nick}`,
  count: (n) => `${n} 則評論`,
  seeMore: '查看更多',
  empty: '快來做第一個評論的人吧~',
  loading: '評論載入中…',
  region: '評論',
  nickShort: '暱稱不能少於3個字元',
  mailInvalid: '請填寫正確的郵件地址',
  required: (field) => `請填寫${field}`,
  busy: '操作頻繁，請稍候再試...',
  held: '評論已提交，審核通過後才會顯示。',
  tooFast: (s) => (s ? `評論太快了，請 ${s} 秒後再試。` : '評論太快了，請稍候再試。'),
  unreachable: '評論服務暫時無法連線，文章不受影響。',
  retry: '重試',
  imageAlt: '圖片',
  codes: {
    98: '初始化失敗，請檢查評論 SDK 的版本。',
    99: '初始化失敗，請檢查 init 中的 `el` 元素。',
    100: '初始化失敗，請檢查你的 AppId 和 AppKey。',
    140: '今日 API 呼叫總次數已超過開發版限制。',
    401: '未經授權的操作，請檢查你的 AppId 和 AppKey。',
    403: '訪問被 API 域名白名單拒絕，請檢查你的安全域名設定。',
  },
}

const en: Messages = {
  anonymous: 'Anonymous',
  nick: 'Name',
  mail: 'E-mail',
  link: 'Website',
  linkHint: 'Website (http://)',
  editor: 'Comment',
  placeholder: 'Say something (Markdown works)',
  submit: 'Submit',
  submitting: 'Submitting…',
  cancelReply: 'Cancel reply',
  emoji: 'Emoji',
  emojiPanel: 'Pick an emoji',
  preview: 'Preview',
  previewEmpty: 'Nothing to preview yet',
  more: 'Load more',
  reply: 'Reply',
  replyingTo: (nick) => `Replying to @${nick}`,
  count: (n) => `${n} ${n === 1 ? 'comment' : 'comments'}`,
  seeMore: 'See more',
  empty: 'No comments yet. Be the first!',
  loading: 'Loading comments…',
  region: 'Comments',
  nickShort: 'NickName cannot be less than 3 bytes.',
  mailInvalid: 'Please confirm your email address.',
  required: (field) => `Please fill in ${field}.`,
  busy: 'Submit is busy, please wait...',
  held: 'Thanks! Your comment will appear once it has been approved.',
  tooFast: (s) => (s ? `Commenting too fast: try again in ${s} s.` : 'Commenting too fast: please wait a moment.'),
  unreachable: 'The comment service cannot be reached right now; the article is unaffected.',
  retry: 'Retry',
  imageAlt: 'image',
  now: 'just now',
  seconds: ' seconds ago',
  minutes: ' minutes ago',
  hours: ' hours ago',
  days: ' days ago',
  codes: {
    98: 'Initialisation failed: please check the SDK version.',
    99: 'Initialisation failed: please check the `el` element in init.',
    100: 'Initialisation failed: please check your appId and appKey.',
    140: 'The total number of API calls today has exceeded the development edition limit.',
    401: 'Unauthorised operation: please check your appId and appKey.',
    403: 'Access denied by the API domain whitelist: please check your security domains.',
  },
}

const ja: Messages = {
  anonymous: '匿名',
  nick: 'ニックネーム',
  mail: 'メールアドレス',
  link: 'ウェブサイト',
  linkHint: 'ウェブサイト（http://）',
  editor: 'コメント',
  placeholder: 'コメントを書く（Markdown 対応）',
  submit: '送信',
  submitting: '送信中…',
  cancelReply: '返信をやめる',
  emoji: '絵文字',
  emojiPanel: '絵文字を選ぶ',
  preview: 'プレビュー',
  previewEmpty: 'プレビューする内容がありません',
  more: 'さらに読み込む',
  reply: '返信',
  replyingTo: (nick) => `@${nick} に返信`,
  count: (n) => `${n} 件のコメント`,
  seeMore: 'もっと見る',
  empty: 'まだコメントはありません。最初のコメントをどうぞ！',
  loading: 'コメントを読み込み中…',
  region: 'コメント',
  nickShort: 'ニックネームは3バイト以上にしてください。',
  mailInvalid: '正しいメールアドレスを入力してください。',
  required: (field) => `${field}を入力してください。`,
  busy: '20秒以内に再送信することはできません。',
  held: 'コメントを受け付けました。承認後に表示されます。',
  tooFast: (s) => (s ? `投稿が速すぎます。${s} 秒後にもう一度どうぞ。` : '投稿が速すぎます。少し待ってからどうぞ。'),
  unreachable: 'コメントサービスに接続できません。記事はそのまま読めます。',
  retry: '再試行',
  imageAlt: '画像',
  now: 'たった今',
  seconds: ' 秒前',
  minutes: ' 分前',
  hours: ' 時間前',
  days: ' 日前',
  codes: {
    98: '初期化に失敗しました。SDK のバージョンを確認してください。',
    99: '初期化に失敗しました。init の `el` 要素を確認してください。',
    100: '初期化に失敗しました。appId と appKey を確認してください。',
    140: '本日の API 呼び出し回数が開発版の上限を超えました。',
    401: '許可されていない操作です。appId と appKey を確認してください。',
    403: 'API ドメインのホワイトリストで拒否されました。セキュリティドメインの設定を確認してください。',
  },
}

const ALL: Record<ValineLang, Messages> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en, ja }

/**
 * The name shown for a comment stored without a nick, in the page's language (`zh-CN`, `en-US`,
 * `ja`…): the box may be configured in another, but the name reads as part of the page.
 */
export function anonymousIn(lang: string, fallback: ValineLang): string {
  const tag = lang.toLowerCase()
  const match: ValineLang | undefined = /^zh-(tw|hk|mo|hant)/.test(tag) ? 'zh-TW' : tag.startsWith('zh') ? 'zh-CN' : tag.startsWith('en') ? 'en' : tag.startsWith('ja') ? 'ja' : undefined
  return messagesFor(match ?? fallback).anonymous
}

/** The messages of `lang`; anything unknown speaks zh-CN. */
export function messagesFor(lang: string): Messages {
  return Object.hasOwn(ALL, lang) ? ALL[lang as ValineLang] : zhCN
}
