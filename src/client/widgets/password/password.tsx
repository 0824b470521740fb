import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { md5 } from '../../../shared/encoding/md5.js'
import { LOCK_CLASS, type LockedBody, type LockEnvelope, lockWords, pageKeyStorage, SITE_KEY_STORAGE } from '../../../shared/page-lock.js'
import type { WidgetProps } from '../types.js'
import { announceUnlocked } from '../unlocked-event.js'
import { canUnlock, openEnvelope } from './unlock.js'

export interface PasswordProps {
  envelope: LockEnvelope
  /** The page's language: the prompt's words. */
  lang: string
}

type State = 'asking' | 'opening' | 'wrong' | 'insecure'

/** Where this page's accepted key is remembered for the session (reco's names). */
function storageName(envelope: LockEnvelope): string {
  return envelope.scope === 'site' ? SITE_KEY_STORAGE : pageKeyStorage(location.pathname)
}

function remembered(name: string): string | null {
  try {
    return sessionStorage.getItem(name)
  } catch {
    return null // storage blocked: the reader types the password again
  }
}

function remember(name: string, material: string): void {
  try {
    sessionStorage.setItem(name, material)
  } catch {
    // storage blocked or full: the page is open now, and asks again next time
  }
}

/**
 * The `password` island: a locked page's prompt (the server drew the same, disabled). The typed
 * password is trimmed and MD5-hashed as reco does, and that key material opens the envelope in
 * the browser (`unlock.ts`); the body then replaces the prompt, its islands mount, and the
 * sidebar is told the headings. An accepted key is remembered in sessionStorage, and tried on
 * the next visit before asking.
 */
export default function Password({ props }: WidgetProps<PasswordProps>) {
  const { envelope, lang } = props
  const words = lockWords(lang)
  const [state, setState] = useState<State>('asking')
  const [body, setBody] = useState<LockedBody>()
  // Opened by the reader's typing (not by a remembered key): focus follows to the body.
  const [typed, setTyped] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  const id = useId()

  useEffect(() => {
    if (!canUnlock()) return setState('insecure')
    const material = remembered(storageName(envelope))
    if (!material) return
    let live = true
    setState('opening')
    openEnvelope(envelope, material).then(
      (opened) => live && (opened ? setBody(opened) : setState('asking')),
      () => live && setState('asking'),
    )
    return () => {
      live = false
    }
  }, [envelope])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const typed = field.current?.value ?? ''
    if (!typed.trim() || state === 'opening') return
    const material = md5(typed.trim())
    setState('opening')
    const opened = await openEnvelope(envelope, material).catch(() => undefined)
    if (!opened) {
      setState('wrong')
      if (field.current) {
        field.current.value = ''
        field.current.focus()
      }
      return
    }
    remember(storageName(envelope), material)
    setTyped(true)
    setBody(opened)
  }

  if (body) return <Opened body={body} focus={typed} />
  const message = state === 'wrong' ? words.wrong : state === 'insecure' ? words.insecure : state === 'opening' ? words.opening : ''
  return (
    <div className={LOCK_CLASS}>
      <p className={`${LOCK_CLASS}-title`}>{words.title}</p>
      <form className={`${LOCK_CLASS}-form`} onSubmit={submit}>
        <label htmlFor={id}>{words.label}</label>
        <input ref={field} id={id} type="password" autoComplete="current-password" aria-invalid={state === 'wrong' || undefined} aria-describedby={`${id}-message`} disabled={state === 'insecure'} />
        <button type="submit" disabled={state === 'insecure' || state === 'opening'}>
          {words.button}
        </button>
      </form>
      <p id={`${id}-message`} className={`${LOCK_CLASS}-message${state === 'wrong' || state === 'insecure' ? ' error' : ''}`} role={state === 'wrong' || state === 'insecure' ? 'alert' : 'status'}>
        {message}
      </p>
    </div>
  )
}

/**
 * The opened body: the app is told (its islands mount, the sidebar gets the headings), a `#hash`
 * in the address is scrolled to, and focus, which was in the field that is gone, moves to the body.
 */
function Opened({ body, focus }: { body: LockedBody; focus: boolean }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    announceUnlocked({ headers: body.headers, body: el })
    if (focus) el.focus({ preventScroll: true })
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null
    target?.scrollIntoView()
  }, [body, focus])
  return <div ref={ref} className={`${LOCK_CLASS}-opened`} tabIndex={-1} dangerouslySetInnerHTML={{ __html: body.html }} />
}
