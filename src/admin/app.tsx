/**
 * The owner's page: sign-in with the admin token, then the comments by status (tabs with
 * counts), newest first, 50 a page, with a page filter; approve, mark as spam, delete (with its
 * replies, after a confirmation), one by one or the selected ones together. Every control is a
 * native element with a name (design.md §8.1), usable by keyboard alone.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { SafeHtml, sanitizeHtml } from '../client/widgets/kit/comment-html.js'
import { adminApi, ApiFailed, STATUSES, tokenStore, TooManyTries, Unauthorized, type Action, type AdminApi, type AdminComment, type Counts, type ListPage, type Status } from './api.js'
import { withoutImages } from './held-images.js'
import { initialLang, nickIn, rememberLang, WORDS, type Lang, type Words } from './i18n.js'

type Notice = 'wrongToken' | 'tooManyTries' | 'expired' | 'unreachable' | 'missingToken'

export function App({ site }: { site: string }) {
  const [lang, setLang] = useState<Lang>(initialLang)
  const [token, setToken] = useState<string | null>(() => tokenStore.get())
  const [notice, setNotice] = useState<Notice | null>(null)
  const t = WORDS[lang]

  useEffect(() => {
    document.documentElement.lang = t.htmlLang
    document.title = t.title
  }, [t])

  const switchLang = () => {
    const next = lang === 'zh' ? 'en' : 'zh'
    rememberLang(next)
    setLang(next)
  }
  const signOut = useCallback((why: Notice | null = null) => {
    tokenStore.clear()
    setToken(null)
    setNotice(why)
  }, [])

  return (
    <div className="shell">
      <header className="bar">
        <h1>{t.title}</h1>
        <div className="bar-actions">
          <button type="button" className="quiet" lang={lang === 'zh' ? 'en' : 'zh-CN'} aria-label={t.switchLabel} onClick={switchLang}>
            {t.switchTo}
          </button>
          {token && (
            <button type="button" className="quiet" onClick={() => signOut()}>
              {t.signOut}
            </button>
          )}
        </div>
      </header>
      {token ? (
        <Desk api={adminApi(token)} token={token} t={t} site={site} onUnauthorized={() => signOut('expired')} />
      ) : (
        <SignIn
          t={t}
          notice={notice}
          onNotice={setNotice}
          onSignedIn={(value) => {
            tokenStore.set(value)
            setNotice(null)
            setToken(value)
          }}
        />
      )}
    </div>
  )
}

function SignIn({ t, notice, onNotice, onSignedIn }: { t: Words; notice: Notice | null; onNotice: (n: Notice | null) => void; onSignedIn: (token: string) => void }) {
  const [busy, setBusy] = useState(false)
  const id = useId()
  const field = useRef<HTMLInputElement>(null)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const value = field.current?.value.trim() ?? ''
    if (value === '') return onNotice('missingToken')
    setBusy(true)
    try {
      // The counts are the cheapest call that the token must unlock.
      await adminApi(value).counts('')
      onSignedIn(value)
    } catch (err) {
      onNotice(err instanceof Unauthorized ? 'wrongToken' : err instanceof TooManyTries ? 'tooManyTries' : 'unreachable')
      field.current?.focus()
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="sign-in">
      <form onSubmit={submit} method="post" noValidate>
        <label htmlFor={`${id}-token`}>{t.token}</label>
        <input ref={field} id={`${id}-token`} name="token" type="password" autoComplete="current-password" spellCheck={false} autoFocus aria-invalid={notice === 'wrongToken' || notice === 'missingToken'} aria-describedby={notice ? `${id}-notice` : undefined} />
        <button type="submit" disabled={busy}>
          {t.signIn}
        </button>
        <p id={`${id}-notice`} className="notice" role="alert">
          {notice ? t[notice] : ''}
        </p>
      </form>
    </main>
  )
}

interface Pending {
  ids: string[]
  resolve: (ok: boolean) => void
}

function Desk({ api, token, t, site, onUnauthorized }: { api: AdminApi; token: string; t: Words; site: string; onUnauthorized: () => void }) {
  const [status, setStatus] = useState<Status>('waiting')
  const [page, setPage] = useState(1)
  const [filter, setFilter] = useState('')
  const [counts, setCounts] = useState<Counts | null>(null)
  const [list, setList] = useState<ListPage | null>(null)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')
  const [reload, setReload] = useState(0)
  const [pending, setPending] = useState<Pending | null>(null)
  const tabRefs = useRef<Record<Status, HTMLButtonElement | null>>({ waiting: null, approved: null, spam: null })
  const filterField = useRef<HTMLInputElement>(null)
  const panel = useRef<HTMLElement>(null)
  /** After an action the acted-on comment may be gone, and the focus with it: it goes to the list. */
  const refocus = useRef(false)
  const id = useId()

  useEffect(() => {
    if (!refocus.current || list === null) return
    refocus.current = false
    if (!document.activeElement || document.activeElement === document.body) panel.current?.focus()
  }, [list])

  const failed = useCallback(
    (err: unknown) => {
      if (err instanceof Unauthorized) onUnauthorized()
      else setMessage(err instanceof ApiFailed && err.status === 0 ? t.unreachable : t.failed)
    },
    [onUnauthorized, t],
  )

  useEffect(() => {
    let current = true
    Promise.all([api.counts(filter), api.list(status, filter, page)]).then(
      ([c, l]) => {
        if (!current) return
        // A page emptied by the last action: show the one before it.
        if (l.results.length === 0 && page > 1) return setPage(Math.max(1, Math.ceil(l.count / l.pageSize)))
        setCounts(c)
        setList(l)
        setSelected((s) => new Set(l.results.filter((r) => s.has(r.objectId)).map((r) => r.objectId)))
      },
      (err) => current && failed(err),
    )
    return () => {
      current = false
    }
    // `api` is made anew on each render from the same token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, status, filter, page, reload, failed])

  function chooseTab(next: Status) {
    if (next === status) return
    setStatus(next)
    setPage(1)
    setList(null)
    setSelected(new Set())
    setMessage('')
  }

  function tabKeys(e: KeyboardEvent<HTMLButtonElement>) {
    const at = STATUSES.indexOf(status)
    const to = e.key === 'ArrowRight' ? (at + 1) % 3 : e.key === 'ArrowLeft' ? (at + 2) % 3 : e.key === 'Home' ? 0 : e.key === 'End' ? 2 : -1
    if (to < 0) return
    e.preventDefault()
    chooseTab(STATUSES[to])
    tabRefs.current[STATUSES[to]]?.focus()
  }

  const confirmDelete = (ids: string[]) => new Promise<boolean>((resolve) => setPending({ ids, resolve }))

  async function act(action: Action, ids: string[]) {
    if (ids.length === 0 || busy) return
    if (action === 'delete' && !(await confirmDelete(ids))) return
    setBusy(true)
    setMessage('')
    try {
      let done = 0
      // One by one: the admin API acts on one comment; a reply deleted with its thread is already gone.
      for (const objectId of ids) if (await api.act(action, objectId)) done++
      setMessage(t.done[action](done))
      setSelected(new Set())
    } catch (err) {
      failed(err)
    } finally {
      setBusy(false)
      refocus.current = true
      setReload((n) => n + 1)
    }
  }

  function applyFilter(e: FormEvent) {
    e.preventDefault()
    setFilter(filterField.current?.value.trim() ?? '')
    setPage(1)
    setSelected(new Set())
  }

  const results = list?.results ?? []
  const pages = list ? Math.max(1, Math.ceil(list.count / list.pageSize)) : 1
  const allSelected = results.length > 0 && results.every((r) => selected.has(r.objectId))
  const chosen = results.filter((r) => selected.has(r.objectId)).map((r) => r.objectId)
  const toggle = (objectId: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s)
      if (on) next.add(objectId)
      else next.delete(objectId)
      return next
    })

  return (
    <main className="desk" aria-busy={busy || list === null}>
      <form className="filter" onSubmit={applyFilter} method="post">
        <label htmlFor={`${id}-filter`}>{t.filterLabel}</label>
        <input ref={filterField} id={`${id}-filter`} type="text" inputMode="url" defaultValue={filter} placeholder={t.filterPlaceholder} spellCheck={false} />
        <button type="submit">{t.filter}</button>
        {filter && (
          <button
            type="button"
            className="quiet"
            onClick={() => {
              if (filterField.current) filterField.current.value = ''
              setFilter('')
              setPage(1)
            }}
          >
            {t.clearFilter}
          </button>
        )}
      </form>
      {filter && <p className="filtered">{t.filtered(filter)}</p>}

      <div role="tablist" aria-label={t.tabsLabel} className="tabs">
        {STATUSES.map((s) => (
          <button
            key={s}
            ref={(el) => {
              tabRefs.current[s] = el
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${s}`}
            aria-selected={s === status}
            aria-controls={`${id}-panel`}
            tabIndex={s === status ? 0 : -1}
            onClick={() => chooseTab(s)}
            onKeyDown={tabKeys}
          >
            {t.tabs[s]} <span className="count">{counts ? counts[s] : '…'}</span>
          </button>
        ))}
      </div>

      <section ref={panel} tabIndex={-1} role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${status}`} className="panel">
        <div className="bulk" role="group" aria-label={t.bulkLabel}>
          <label className="check">
            <input type="checkbox" checked={allSelected} disabled={results.length === 0} onChange={(e) => setSelected(new Set(e.target.checked ? results.map((r) => r.objectId) : []))} />
            {t.selectAll}
          </label>
          {status !== 'approved' && (
            <button type="button" disabled={busy || chosen.length === 0} onClick={() => act('approve', chosen)}>
              {t.bulkApprove}
            </button>
          )}
          {status !== 'spam' && (
            <button type="button" disabled={busy || chosen.length === 0} onClick={() => act('spam', chosen)}>
              {t.bulkSpam}
            </button>
          )}
          <button type="button" className="danger" disabled={busy || chosen.length === 0} onClick={() => act('delete', chosen)}>
            {t.bulkDelete}
          </button>
        </div>

        <p className="status" role="status">
          {message}
        </p>

        {list === null ? (
          <p className="empty">{t.loading}</p>
        ) : results.length === 0 ? (
          <p className="empty">{t.empty}</p>
        ) : (
          <ol className="comments">
            {results.map((c) => (
              <CommentItem key={c.objectId} c={c} t={t} site={site} parent={c.pid ? (list.parents?.[c.pid] ?? null) : undefined} selected={selected.has(c.objectId)} busy={busy} onSelect={(on) => toggle(c.objectId, on)} onAct={(a) => act(a, [c.objectId])} />
            ))}
          </ol>
        )}

        {list && pages > 1 && (
          <nav className="pages" aria-label={t.pagination}>
            <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t.prev}
            </button>
            <span aria-current="page">{t.pageOf(page, pages)}</span>
            <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t.next}
            </button>
          </nav>
        )}
      </section>

      <ConfirmDialog
        t={t}
        pending={pending}
        onDone={(ok) => {
          pending?.resolve(ok)
          setPending(null)
        }}
      />
    </main>
  )
}

/** The page's address: the comment's path on the site's address; undefined when either is unusable. */
export function pageHref(site: string, url: string): string | undefined {
  try {
    const href = new URL(url, site || undefined)
    return href.protocol === 'https:' || href.protocol === 'http:' ? href.href : undefined
  } catch {
    return undefined
  }
}

const isWebLink = (link: string) => /^https?:\/\//i.test(link)

function CommentItem({ c, t, site, parent, selected, busy, onSelect, onAct }: { c: AdminComment; t: Words; site: string; parent: { nick: string; excerpt: string } | null | undefined; selected: boolean; busy: boolean; onSelect: (on: boolean) => void; onAct: (a: Action) => void }) {
  const href = pageHref(site, c.url)
  const when = new Date(c.createdAt)
  const id = useId()
  return (
    <li>
      <article className="comment" aria-labelledby={`${id}-nick`}>
        <div className="head">
          <input type="checkbox" aria-label={t.select} checked={selected} onChange={(e) => onSelect(e.target.checked)} />
          <strong id={`${id}-nick`} className="nick">
            {nickIn(c.nick, t)}
          </strong>
          <time dateTime={c.createdAt} title={c.createdAt}>
            {Number.isNaN(when.getTime()) ? c.createdAt : new Intl.DateTimeFormat(t.htmlLang, { dateStyle: 'medium', timeStyle: 'short' }).format(when)}
          </time>
        </div>
        <dl className="meta">
          <div>
            <dt>{t.page}</dt>
            <dd>{href ? <a href={href} target="_blank" rel="noopener noreferrer">{c.url}</a> : c.url}</dd>
          </div>
          {c.mail && (
            <div>
              <dt>{t.mail}</dt>
              <dd>
                <a href={`mailto:${c.mail}`}>{c.mail}</a>
              </dd>
            </div>
          )}
          {c.link && (
            <div>
              <dt>{t.link}</dt>
              <dd>{isWebLink(c.link) ? <a href={c.link} target="_blank" rel="ugc nofollow noopener noreferrer">{c.link}</a> : c.link}</dd>
            </div>
          )}
        </dl>
        {parent !== undefined && (
          <p className="parent">
            {t.replyTo} {parent ? <><strong>{nickIn(parent.nick, t)}</strong>：<span className="excerpt">{parent.excerpt}</span></> : <em>{t.parentGone}</em>}
          </p>
        )}
        <CommentBody html={c.comment} held={c.status !== 'approved'} t={t} />
        <div className="actions">
          {c.status !== 'approved' && (
            <button type="button" disabled={busy} onClick={() => onAct('approve')}>
              {t.approve}
            </button>
          )}
          {c.status !== 'spam' && (
            <button type="button" disabled={busy} onClick={() => onAct('spam')}>
              {t.spam}
            </button>
          )}
          <button type="button" className="danger" disabled={busy} onClick={() => onAct('delete')}>
            {t.delete}
          </button>
        </div>
      </article>
    </li>
  )
}

/**
 * A comment's text. A held one (waiting or spam) shows its images only when the owner asks: its
 * author may be waiting for the request. An approved one shows them, as readers see them.
 */
function CommentBody({ html, held, t }: { html: string; held: boolean; t: Words }) {
  const [shown, setShown] = useState(false)
  const kept = useMemo(() => (held && !shown ? withoutImages(sanitizeHtml(html), t.heldImage) : undefined), [html, held, shown, t])
  if (!kept || kept.count === 0) return <SafeHtml className="body" html={html} />
  return (
    <>
      {/* Through DOMPurify again, as every body: the placeholders are text. */}
      <SafeHtml className="body" html={kept.html} />
      <p className="held-images">
        <button type="button" className="quiet" onClick={() => setShown(true)}>
          {t.showImages(kept.count)}
        </button>
      </p>
    </>
  )
}

/** The delete confirmation: a modal `<dialog>` (focus held inside, Escape cancels), Cancel focused first. */
function ConfirmDialog({ t, pending, onDone }: { t: Words; pending: Pending | null; onDone: (ok: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const id = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (pending && !dialog.open) {
      dialog.showModal()
      cancel.current?.focus()
    }
    if (!pending && dialog.open) dialog.close()
  }, [pending])
  return (
    <dialog ref={ref} aria-labelledby={`${id}-text`} onCancel={() => onDone(false)} className="confirm">
      <p id={`${id}-text`}>{pending ? t.confirmDelete(pending.ids.length) : ''}</p>
      <div className="actions">
        <button ref={cancel} type="button" onClick={() => onDone(false)}>
          {t.cancel}
        </button>
        <button type="button" className="danger" onClick={() => onDone(true)}>
          {t.confirm}
        </button>
      </div>
    </dialog>
  )
}
