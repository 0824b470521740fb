import { useLayoutEffect, useRef, useState } from 'react'
import type { ValineAvatar } from '../../../shared/widgets/valine.js'
import { avatarUrl } from './avatar.js'
import type { CommentView } from './comment.js'
import type { Messages } from './i18n.js'
import { isoDay, relativeTime } from './relative-time.js'
import { SafeHtml } from '../kit/comment-html.js'
import { safeHref, shownNick } from './validate.js'

/** A body taller than this is collapsed to 8em with a "see more" (spec §9). */
export const COLLAPSE_ABOVE_PX = 200

interface CardProps {
  comment: CommentView
  replies?: CommentView[]
  avatar: ValineAvatar
  t: Messages
  now: Date
  onReply: (c: CommentView) => void
}

/** The commenter's name: text always, a link only to an http(s) site. */
function Nick({ comment, anonymous }: { comment: CommentView; anonymous: string }) {
  const href = safeHref(comment.link)
  const name = shownNick(comment.nick, anonymous)
  return href ? (
    <a className="vnick" href={href} target="_blank" rel="ugc nofollow noopener noreferrer">
      {name}
    </a>
  ) : (
    <span className="vnick">{name}</span>
  )
}

/** The body, collapsed when long until the reader asks for the rest. */
function Body({ html, t }: { html: string; t: Messages }) {
  const ref = useRef<HTMLDivElement>(null)
  const [tall, setTall] = useState(false)
  const [open, setOpen] = useState(false)
  const measure = () => {
    const el = ref.current
    if (el) setTall(el.scrollHeight > COLLAPSE_ABOVE_PX)
  }
  useLayoutEffect(measure, [html])
  const collapsed = tall && !open
  return (
    <>
      {/* Images change the height when they arrive. */}
      <div ref={ref} onLoadCapture={measure}>
        <SafeHtml className={collapsed ? 'vcontent vcollapsed' : 'vcontent'} html={html} />
      </div>
      {collapsed && (
        <button type="button" className="vlink-btn" aria-expanded={false} onClick={() => setOpen(true)}>
          {t.seeMore}
        </button>
      )}
    </>
  )
}

/** One comment with its replies nested below (replies carry their `@nick` link in the body). */
export function Card({ comment, replies = [], avatar, t, now, onReply }: CardProps) {
  const src = avatarUrl(comment.mailMd5, avatar)
  return (
    <li className="vcard" id={comment.id}>
      {src && <img className="vavatar" src={src} alt="" width={40} height={40} />}
      <div className="vbody">
        <div className="vhead">
          <Nick comment={comment} anonymous={t.anonymous} />
          <time dateTime={comment.createdAt.toISOString()} title={isoDay(comment.createdAt)}>
            {relativeTime(comment.createdAt, now, t)}
          </time>
          <button type="button" className="vlink-btn vreply" onClick={() => onReply(comment)}>
            {t.reply}
          </button>
        </div>
        <Body html={comment.html} t={t} />
        {replies.length > 0 && (
          <ul className="vreplies">
            {replies.map((r) => (
              <Card key={r.id} comment={r} avatar={avatar} t={t} now={now} onReply={onReply} />
            ))}
          </ul>
        )}
      </div>
    </li>
  )
}
