import { useCallback, useEffect, useId, useMemo, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react'
import type { ValineOptions as ValineClientConfig, ValineMetaField } from '../../../shared/widgets/valine.js'
import { loadOnce } from '../../lazy.js'
import type { ReplyTarget } from './comment.js'
import { imageReference, insertAt, TAB } from './editor-text.js'
import { emojiSet, replaceEmojiCodes } from './emoji.js'
import type { Messages } from './i18n.js'
import { readDataUrl, readTransfer } from './paste.js'
import { SafePreview } from '../kit/comment-html.js'
import type { SubmitOutcome } from './flow.js'
import type { Tip } from './state.js'
import { type Draft, shownNick } from './validate.js'

/** The preview follows the text this long after the last keystroke (spec §9). */
export const PREVIEW_DEBOUNCE_MS = 300

/** marked and its extensions, loaded once, on the reader's first move in the editor. */
export const loadMarkdown = loadOnce(() => import('./preview.js'))

export interface EditorProps {
  config: ValineClientConfig
  t: Messages
  initialMeta: Record<ValineMetaField, string>
  replyTo?: ReplyTarget
  submitting: boolean
  tip?: Tip
  onSubmit: (draft: Draft) => Promise<SubmitOutcome>
  onCancelReply: () => void
}

/** The emoji picker: a grid of buttons, arrow keys move between them, Escape closes. */
function EmojiPanel({ set, t, onPick, onClose }: { set: [string, string][]; t: Messages; onPick: (emoji: string) => void; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState(0)
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('button')?.focus()
  }, [])
  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])
    if (buttons.length === 0) return
    // Columns as laid out: the buttons on the first row.
    const cols = Math.max(1, buttons.filter((b) => b.offsetTop === buttons[0].offsetTop).length)
    const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols, ArrowUp: -cols }
    let next: number | undefined
    if (e.key in step) next = Math.min(buttons.length - 1, Math.max(0, active + step[e.key]))
    else if (e.key === 'Home') next = 0
    else if (e.key === 'End') next = buttons.length - 1
    else if (e.key === 'Escape') {
      e.preventDefault()
      onClose()
      return
    }
    if (next === undefined) return
    e.preventDefault()
    setActive(next)
    buttons[next].focus()
  }
  return (
    <div ref={ref} className="vemoji-panel" role="group" aria-label={t.emojiPanel} onKeyDown={move}>
      {set.map(([name, emoji], i) => (
        <button key={name} type="button" tabIndex={i === active ? 0 : -1} aria-label={`${emoji} ${name}`} title={`:${name}:`} onClick={() => (setActive(i), onPick(emoji))}>
          {emoji}
        </button>
      ))}
    </div>
  )
}

export function Editor({ config, t, initialMeta, replyTo, submitting, tip, onSubmit, onCancelReply }: EditorProps) {
  const [meta, setMeta] = useState(initialMeta)
  const [text, setText] = useState('')
  const [previewOn, setPreviewOn] = useState(false)
  const [previewHtml, setPreviewHtml] = useState('')
  const [emojiOpen, setEmojiOpen] = useState(false)
  const images = useRef(new Map<string, string>())
  const caret = useRef<number | undefined>(undefined)
  /** After Escape, the next Tab leaves the editor instead of indenting (keyboard users get out). */
  const tabLeaves = useRef(false)
  const textRef = useRef<HTMLTextAreaElement>(null)
  const emojiButton = useRef<HTMLButtonElement>(null)
  const fieldRefs = useRef<Partial<Record<ValineMetaField, HTMLInputElement | null>>>({})
  const previewId = useId()
  const set = useMemo(() => emojiSet(config.emojiMaps), [config.emojiMaps])
  const emojiMap = useMemo(() => Object.fromEntries(set), [set])

  // Puts the caret where an edit left it, once React has written the value.
  useEffect(() => {
    if (caret.current === undefined || !textRef.current) return
    textRef.current.setSelectionRange(caret.current, caret.current)
    caret.current = undefined
  }, [text])

  // The live preview, 300 ms after the last change.
  useEffect(() => {
    if (!previewOn) return
    let live = true
    const timer = setTimeout(() => {
      void loadMarkdown().then((m) => live && setPreviewHtml(m.renderMarkdown(replaceEmojiCodes(text, emojiMap), { images: images.current, imageLabel: t.imageAlt })))
    }, PREVIEW_DEBOUNCE_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [text, previewOn, emojiMap, t.imageAlt])

  // Replying: the editor is where the reader goes next.
  useEffect(() => {
    if (replyTo) textRef.current?.focus()
  }, [replyTo])

  /** Replaces the editor's selection with `insert` and keeps typing after it. */
  const insert = useCallback((insertText: string) => {
    const el = textRef.current
    const start = el?.selectionStart ?? text.length
    const end = el?.selectionEnd ?? start
    const edit = insertAt(el?.value ?? text, start, end, insertText)
    caret.current = edit.caret
    setText(edit.value)
  }, [text])

  const addImages = async (files: File[]) => {
    const refs: string[] = []
    for (const file of files) {
      const ref = `local:${images.current.size + 1}`
      images.current.set(ref, await readDataUrl(file))
      refs.push(imageReference(file.name || t.imageAlt, ref))
    }
    insert(refs.join('\n'))
    setPreviewOn(true)
  }

  const takeTransfer = (e: ClipboardEvent<HTMLTextAreaElement> | DragEvent<HTMLTextAreaElement>, data: DataTransfer | null) => {
    const got = readTransfer(data)
    if (got.kind === 'images') {
      e.preventDefault()
      void addImages(got.files)
    } else if (got.kind === 'text' && !data?.getData('text/plain')) {
      // HTML without a plain-text version: its text, tags stripped.
      e.preventDefault()
      insert(got.text)
    }
  }

  const submit = async () => {
    if (submitting) return
    const outcome = await onSubmit({ ...meta, text })
    if (outcome.reset) {
      setText('')
      images.current = new Map()
      setPreviewHtml('')
    }
    if (outcome.focus === 'text') textRef.current?.focus()
    else if (outcome.focus) fieldRefs.current[outcome.focus]?.focus()
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      void submit()
    } else if (e.key === 'Tab' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey && !tabLeaves.current) {
      e.preventDefault()
      insert(TAB)
    } else if (e.key === 'Escape') {
      tabLeaves.current = true
      return
    }
    if (e.key !== 'Escape') tabLeaves.current = false
  }

  const labels: Record<ValineMetaField, string> = { nick: t.nick, mail: t.mail, link: t.link }
  const hints: Record<ValineMetaField, string> = { nick: t.nick, mail: t.mail, link: t.linkHint }
  const types: Record<ValineMetaField, string> = { nick: 'text', mail: 'email', link: 'url' }
  const autocomplete: Record<ValineMetaField, string> = { nick: 'nickname', mail: 'email', link: 'url' }

  return (
    <form
      className="vform"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      {config.meta.length > 0 && (
        <div className="vmeta-fields">
          {config.meta.map((f) => (
            <input
              key={f}
              ref={(el) => void (fieldRefs.current[f] = el)}
              className={`v${f}`}
              name={f}
              type={types[f]}
              aria-label={labels[f]}
              placeholder={hints[f]}
              autoComplete={autocomplete[f]}
              aria-required={config.requiredFields.includes(f as 'nick' | 'mail') || undefined}
              value={meta[f]}
              onChange={(e) => setMeta({ ...meta, [f]: e.target.value })}
            />
          ))}
        </div>
      )}
      {replyTo && (
        <div className="vreplying">
          <span>{t.replyingTo(shownNick(replyTo.nick, t.anonymous))}</span>
          <button type="button" className="vlink-btn" onClick={onCancelReply}>
            {t.cancelReply}
          </button>
        </div>
      )}
      <textarea
        ref={textRef}
        className="veditor"
        aria-label={t.editor}
        placeholder={config.placeholder || t.placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={() => void loadMarkdown()}
        onKeyDown={onKeyDown}
        onPaste={(e) => takeTransfer(e, e.clipboardData)}
        onDragOver={(e) => e.dataTransfer.types.includes('Files') && e.preventDefault()}
        onDrop={(e) => takeTransfer(e, e.dataTransfer)}
      />
      <div className="vactions">
        <button ref={emojiButton} type="button" aria-expanded={emojiOpen} onClick={() => setEmojiOpen(!emojiOpen)}>
          {t.emoji}
        </button>
        <button type="button" aria-pressed={previewOn} aria-controls={previewOn ? previewId : undefined} onClick={() => setPreviewOn(!previewOn)}>
          {t.preview}
        </button>
        <span className="vspacer" />
        <button type="submit" className="vsubmit" disabled={submitting} aria-busy={submitting || undefined}>
          {t.submit}
        </button>
      </div>
      {emojiOpen && (
        <EmojiPanel
          set={set}
          t={t}
          onPick={insert}
          onClose={() => {
            setEmojiOpen(false)
            emojiButton.current?.focus()
          }}
        />
      )}
      {previewOn && (
        <div id={previewId} className="vpreview" aria-label={t.preview} role="region">
          {text.trim() === '' ? <span className="vempty-preview">{t.previewEmpty}</span> : <SafePreview html={previewHtml} />}
        </div>
      )}
      <p className="vtip" role="status" aria-live="polite" data-tone={tip?.tone}>
        {submitting ? t.submitting : (tip?.text ?? '')}
      </p>
    </form>
  )
}
