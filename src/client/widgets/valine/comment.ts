/** A comment as the box shows it (read from the service's public object). */
export interface CommentView {
  id: string
  nick: string
  /** The commenter's site as stored (shown only when http(s)). */
  link: string
  /** Sanitised by the service; sanitised again when shown. */
  html: string
  /** The service's avatar key (a keyed hash of the e-mail, or its md5; '' without one): the avatar's seed. */
  mailMd5: string
  createdAt: Date
  /** The thread's root (replies only). */
  rid?: string
  /** The comment replied to (replies only). */
  pid?: string
}

/** What the box knows of the comment being answered. */
export interface ReplyTarget {
  id: string
  nick: string
  /** The thread the reply joins: the target's root, or the target itself. */
  rootId: string
}

export const replyTargetOf = (c: CommentView): ReplyTarget => ({ id: c.id, nick: c.nick, rootId: c.rid ?? c.id })
