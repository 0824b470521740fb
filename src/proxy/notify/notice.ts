/** A notification's content: what the outbox row's payload holds and every channel renders. Web-standard. */
import type { OutboxEvent, StoredComment } from '../stores/store.js'

/** What a message says; the outbox row's payload. Never an e-mail address or an IP. */
export interface Notice {
  type: OutboxEvent
  comment: Pick<StoredComment, 'objectId' | 'url' | 'nick' | 'comment' | 'status' | 'createdAt' | 'rid' | 'pid'>
  /** `GPTNOTES_SITE_URL`, or null. */
  siteUrl: string | null
  /** The page on the site, when the site's address is known. */
  pageUrl: string | null
  /** The owner's page on this service. */
  adminUrl: string
  /** The comment answered (reply mail): its author's name and the start of its text. */
  parent?: { nick: string; excerpt: string }
  /** Reply mail: the recipient's one-click unsubscribe link. */
  unsubscribeUrl?: string
  /** A test message (`gptnotes comments notify-test`): its title says so. */
  test?: true
}
