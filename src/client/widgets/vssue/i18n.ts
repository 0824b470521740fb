/**
 * Every text widget B shows, in Vssue 1.4's five languages (its wording, its message keys). A
 * locale is matched with its regional variants (`zh-CN`, `pt-BR`) and falls back to English; with
 * no locale configured the reader's browser languages decide. The zh names of the controls are
 * fixed: tests and assistive tools agree on them.
 */
import type { ReactionName } from './platform.js'

export type Lang = 'en' | 'zh' | 'pt' | 'ja' | 'he'

export interface Messages {
  login: (platform: string) => string
  logout: string
  currentUser: string
  editor: string
  submit: string
  submitting: string
  submitComment: string
  cancel: string
  edit: string
  editEditor: string
  delete: string
  reply: string
  reactions: Record<ReactionName, string>
  perPage: string
  sort: string
  sortAsc: string
  sortDesc: string
  page: string
  prev: string
  next: string
  comments: (count: number) => string
  loginToComment: (platform: string) => string
  placeholder: string
  noLoginPlaceholder: string
  poweredBy: string
  failed: string
  initializing: string
  issueNotCreated: string
  loadingComments: string
  loginRequired: string
  noComments: string
  reactionGiven: (reaction: string) => string
  deleteConfirm: string
  deleteFailed: string
  /** The comment service is not configured (replaces Vssue's 'clientSecret and proxy is required'). */
  noService: string
  region: string
}

const en: Messages = {
  login: (p) => `Login with ${p}`,
  logout: 'Logout',
  currentUser: 'Current User',
  editor: 'Comment',
  submit: 'Submit',
  submitting: 'Submitting',
  submitComment: 'Submit Comment',
  cancel: 'Cancel',
  edit: 'Edit',
  editEditor: 'Edit the comment',
  delete: 'Delete',
  reply: 'Reply',
  reactions: { heart: 'Heart', like: 'Like', unlike: 'Unlike' },
  perPage: 'Comments per page',
  sort: 'Click to change the sort direction',
  sortAsc: 'Oldest first',
  sortDesc: 'Newest first',
  page: 'Page',
  prev: 'Previous Page',
  next: 'Next Page',
  comments: (n) => (n === 0 ? 'Comments' : `${n} ${n === 1 ? 'Comment' : 'Comments'}`),
  loginToComment: (p) => `Login with ${p} account to leave a comment`,
  placeholder: 'Leave a comment. Styling with Markdown is supported. Ctrl + Enter to submit.',
  noLoginPlaceholder: 'Login to leave a comment. Styling with Markdown is supported.',
  poweredBy: 'Powered by',
  failed: 'Failed to load comments',
  initializing: 'Initializing...',
  issueNotCreated: 'Click to create issue',
  loadingComments: 'Loading comments...',
  loginRequired: 'Login to view comments',
  noComments: 'No comments yet. Leave the first comment !',
  reactionGiven: (r) => `Already given '${r}' reaction`,
  deleteConfirm: 'Confirm to delete this comment ?',
  deleteFailed: 'Failed to delete comment',
  noService: 'The comment service address (vssueConfig.proxy) is required to log in with this platform',
  region: 'Comments',
}

const zh: Messages = {
  login: (p) => `使用 ${p} 登录`,
  logout: '退出登录',
  currentUser: '当前用户',
  editor: '评论内容',
  submit: '提交',
  submitting: '提交中',
  submitComment: '提交评论',
  cancel: '取消',
  edit: '编辑',
  editEditor: '修改评论',
  delete: '删除',
  reply: '回复',
  reactions: { heart: '喜欢', like: '赞', unlike: '踩' },
  perPage: '每页评论数',
  sort: '点击改变排序方式',
  sortAsc: '最早的在前',
  sortDesc: '最新的在前',
  page: '页码',
  prev: '上一页',
  next: '下一页',
  comments: (n) => (n === 0 ? '评论' : `${n} 条评论`),
  loginToComment: (p) => `使用 ${p} 帐号登录后发表评论`,
  placeholder: '留下你的评论，支持 Markdown 语法，Ctrl + Enter 提交',
  noLoginPlaceholder: '登录后才能发表评论，支持 Markdown 语法',
  poweredBy: '评论由',
  failed: '评论加载失败',
  initializing: '正在初始化...',
  issueNotCreated: '点击创建 Issue',
  loadingComments: '正在加载评论...',
  loginRequired: '登录后查看评论',
  noComments: '还没有评论，来发表第一条评论吧！',
  reactionGiven: (r) => `已经添加过“${r}”了`,
  deleteConfirm: '确认要删除这条评论吗？',
  deleteFailed: '评论删除失败',
  noService: '没有配置评论服务地址（vssueConfig.proxy），无法用这个平台登录',
  region: '评论',
}

const pt: Messages = {
  login: (p) => `Entrar com ${p}`,
  logout: 'Sair',
  currentUser: 'Usuário Atual',
  editor: 'Comentário',
  submit: 'Enviar',
  submitting: 'Enviando',
  submitComment: 'Enviar Comentário',
  cancel: 'Cancelar',
  edit: 'Editar',
  editEditor: 'Editar o comentário',
  delete: 'Apagar',
  reply: 'Responder',
  reactions: { heart: 'Amei', like: 'Gostei', unlike: 'Não Gostei' },
  perPage: 'Comentários por página',
  sort: 'Clique para alterar a ordenação',
  sortAsc: 'Mais antigos primeiro',
  sortDesc: 'Mais recentes primeiro',
  page: 'Página',
  prev: 'Página Anterior',
  next: 'Próxima Página',
  comments: (n) => (n === 0 ? 'Comentários' : `${n} ${n === 1 ? 'Comentário' : 'Comentários'}`),
  loginToComment: (p) => `Entre com uma conta ${p} para deixar um comentário`,
  placeholder: 'Deixe um comentário. Estilos com Markdown suportados. Ctrl + Enter para enviar.',
  noLoginPlaceholder: 'Entre para deixar um comentário. Estilos com Markdown suportados.',
  poweredBy: 'Desenvolvido com',
  failed: 'Falha ao carregar comentários',
  initializing: 'Inicializando...',
  issueNotCreated: 'Clique para criar uma issue',
  loadingComments: 'Carregando comentários...',
  loginRequired: 'Entre para ver os comentários',
  noComments: 'Nenhum comentário. Deixe o primeiro comentário!',
  reactionGiven: (r) => `Já reagiu com '${r}'`,
  deleteConfirm: 'Apagar este comentário?',
  deleteFailed: 'Falha ao apagar comentário',
  noService: 'O endereço do serviço de comentários (vssueConfig.proxy) é necessário para entrar com esta plataforma',
  region: 'Comentários',
}

const ja: Messages = {
  login: (p) => `${p} でログイン`,
  logout: 'ログアウト',
  currentUser: '現在のユーザー',
  editor: 'コメント',
  submit: '送信する',
  submitting: '送信中',
  submitComment: 'コメントを送信する',
  cancel: 'キャンセル',
  edit: '編集',
  editEditor: 'コメントを編集',
  delete: '削除',
  reply: '返信',
  reactions: { heart: 'ハート', like: '高評価', unlike: '低評価' },
  perPage: 'コメント/ページ',
  sort: '並び順を変更するにはクリックしてください',
  sortAsc: '古い順',
  sortDesc: '新しい順',
  page: 'ページ',
  prev: '前のページ',
  next: '次のページ',
  comments: (n) => (n === 0 ? 'コメント' : `${n} 件のコメント`),
  loginToComment: (p) => `${p} アカウントでログインしてコメントする`,
  placeholder: 'コメントを残してください。Markdown 記法をサポートしています。 Ctrl + Enter で送信できます。',
  noLoginPlaceholder: 'ログインしてコメントしてください。Markdown 記法をサポートしています。',
  poweredBy: 'Powered by',
  failed: 'コメントの読み込みに失敗しました',
  initializing: '初期化中...',
  issueNotCreated: 'クリックして issue を作成',
  loadingComments: 'コメントの読み込み中...',
  loginRequired: 'ログインしてコメントを見る',
  noComments: 'まだコメントがありません。最初のコメントを残しましょう！',
  reactionGiven: (r) => `既に '${r}' のリアクションをしています`,
  deleteConfirm: '本当にコメントを削除してもいいですか？',
  deleteFailed: 'コメントの削除に失敗しました',
  noService: 'このプラットフォームでログインするにはコメントサービスのアドレス（vssueConfig.proxy）が必要です',
  region: 'コメント',
}

const he: Messages = {
  login: (p) => `התחברו עם ${p}`,
  logout: 'התנתקו',
  currentUser: 'משתמש/ת נוכחי/ת',
  editor: 'תגובה',
  submit: 'שליחה',
  submitting: 'שולח/ת',
  submitComment: 'שליחת תגובה',
  cancel: 'ביטול',
  edit: 'עריכה',
  editEditor: 'עריכת התגובה',
  delete: 'מחיקה',
  reply: 'תגובה',
  reactions: { heart: 'לב', like: 'לייק', unlike: 'אנלייק' },
  perPage: 'תגובות לדף',
  sort: 'לחצו כדי לשנות את כיוון המיון',
  sortAsc: 'הישנות קודם',
  sortDesc: 'החדשות קודם',
  page: 'דף',
  prev: 'הדף הקודם',
  next: 'הדף הבא',
  comments: (n) => (n === 0 ? 'תגובות' : n === 1 ? 'תגובה אחת' : `${n} תגובות`),
  loginToComment: (p) => `התחברו עם חשבון ${p} כדי להשאיר תגובה`,
  placeholder: 'השאירו תגובה. אפשר לעצב עם Markdown. Ctrl + Enter כדי לשלוח.',
  noLoginPlaceholder: 'התחברו כדי להשאיר תגובה. אפשר לעצב עם Markdown.',
  poweredBy: 'מופעל על ידי',
  failed: 'כשלון בטעינת התגובות',
  initializing: 'מאתחל...',
  issueNotCreated: 'לחצו ליצירת issue',
  loadingComments: 'טוען תגובות...',
  loginRequired: 'התחברו כדי לצפות בתגובות',
  noComments: 'עדיין אין תגובות. השאירו תגובה ראשונה !',
  reactionGiven: (r) => `כבר נתתם תגובה '${r}'`,
  deleteConfirm: 'בטוחים במחיקת התגובה ?',
  deleteFailed: 'כשלון במחיקת התגובה',
  noService: 'כדי להתחבר עם הפלטפורמה הזו נדרשת כתובת שירות התגובות (vssueConfig.proxy)',
  region: 'תגובות',
}

const ALL: Record<Lang, Messages> = { en, zh, pt, ja, he }

/** The language of a tag (`zh-CN` → zh, `pt_BR` → pt), or undefined when widget B does not speak it. */
export function langOf(tag: string): Lang | undefined {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0]
  return Object.hasOwn(ALL, base) ? (base as Lang) : undefined
}

/** The configured locale if spoken, else the first spoken of the browser's languages, else English. */
export function resolveLang(locale: string, browser: readonly string[]): Lang {
  if (locale) return langOf(locale) ?? 'en'
  for (const tag of browser) {
    const lang = langOf(tag)
    if (lang) return lang
  }
  return 'en'
}

export const messagesFor = (lang: Lang): Messages => ALL[lang]

/** Hebrew is written right to left. */
export const dirOf = (lang: Lang): 'rtl' | 'ltr' => (lang === 'he' ? 'rtl' : 'ltr')
