import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { DEMO_LABELS, type DemoScripts, type DemoSlot } from '../../../shared/widgets/demo.js'
import { copyText } from '../kit/copy-text.js'
import type { WidgetProps } from '../types.js'
import { DEMO_MESSAGE, demoDocument, type FrameScripts } from './srcdoc.js'

/** Spec §9: the copy button says 'Copied' for 1 second. */
export const COPIED_MS = 1000
/** The frame's height until the demo reports its own, and the most it may ask for. */
const START_HEIGHT = 120
const MAX_HEIGHT = 1600
/** The class `<html>` carries in dark mode (src/shared/markup.ts `DARK_CLASS`; not imported, so this chunk shares no module with the app's but the kit's `copyText`). */
const DARK = 'dark'

const isSlot = (s: unknown): s is DemoSlot =>
  typeof s === 'object' && s !== null && typeof (s as DemoSlot).code === 'string' && Object.hasOwn(DEMO_LABELS, (s as DemoSlot).lang)

/**
 * The build's script files for the frame, made absolute: the frame's origin is opaque, so a
 * path would name nothing. Undefined without the frame's boot script (the demo cannot run).
 */
function frameScripts(scripts: unknown): FrameScripts | undefined {
  const s = (typeof scripts === 'object' && scripts !== null ? scripts : {}) as Partial<DemoScripts>
  if (typeof s.boot !== 'string') return undefined
  const abs = (path: string) => new URL(path, location.href).href
  return { boot: abs(s.boot), ...(typeof s.js === 'string' ? { js: abs(s.js) } : {}) }
}

/**
 * The `::: demo` island: the demo runs in a sandboxed frame (scripts, but no access to the page,
 * its cookies or its storage, and nothing loaded from any host), with the code behind a
 * 显示代码 button, one tab per slot and a 复制 button.
 */
export default function Demo({ props, html }: WidgetProps) {
  const title = typeof props.title === 'string' && props.title ? props.title : '示例'
  const slots = useMemo(() => (Array.isArray(props.slots) ? props.slots.filter(isSlot) : []), [props.slots])
  const highlighted = useMemo(() => highlightedCode(html, slots.length), [html, slots.length])
  const [open, setOpen] = useState(false)
  const [selected, setSelected] = useState(0)
  const id = useId()
  const tabs = useRef<(HTMLButtonElement | null)[]>([])

  const onKey = (event: KeyboardEvent) => {
    const move = { ArrowRight: 1, ArrowLeft: -1 }[event.key]
    const to = event.key === 'Home' ? 0 : event.key === 'End' ? slots.length - 1 : move === undefined ? -1 : (selected + move + slots.length) % slots.length
    if (to < 0) return
    event.preventDefault()
    setSelected(to)
    tabs.current[to]?.focus()
  }

  const slot = slots[selected]
  return (
    <div className="demo-block">
      <p className="demo-title">{title}</p>
      <DemoFrame slots={slots} title={title} scripts={props.scripts} />
      <div className="demo-bar">
        <button type="button" className="demo-toggle" aria-expanded={open} aria-controls={`${id}code`} onClick={() => setOpen(!open)}>
          {open ? '隐藏代码' : '显示代码'}
        </button>
      </div>
      <div id={`${id}code`} className="demo-code" hidden={!open}>
        <div className="demo-tabs">
          <div role="tablist" aria-label={`${title}的代码`} onKeyDown={onKey}>
            {slots.map((s, i) => (
              <button
                key={s.lang}
                ref={(el) => {
                  tabs.current[i] = el
                }}
                type="button"
                role="tab"
                id={`${id}tab-${s.lang}`}
                aria-selected={i === selected}
                aria-controls={`${id}panel`}
                tabIndex={i === selected ? 0 : -1}
                onClick={() => setSelected(i)}
              >
                {DEMO_LABELS[s.lang]}
              </button>
            ))}
          </div>
          {slot && <CopyButton code={slot.code} />}
        </div>
        {slot && (
          <div role="tabpanel" id={`${id}panel`} aria-labelledby={`${id}tab-${slot.lang}`} className={`demo-panel language-${slot.lang}`}>
            <pre className="hljs" tabIndex={0}>
              {highlighted[selected] === undefined ? <code>{slot.code}</code> : <code dangerouslySetInnerHTML={{ __html: highlighted[selected] }} />}
            </pre>
          </div>
        )}
      </div>
    </div>
  )
}

/**
 * The live demo. Its document comes from the slots through `srcdoc` in a frame sandboxed with
 * `allow-scripts` alone: the demo's scripts run with an opaque origin, so `parent.document`,
 * the page's cookies and its storage are out of their reach. Only two messages cross: the
 * demo's height (accepted only from this frame) and the page's colour mode.
 */
function DemoFrame({ slots, title, scripts }: { slots: readonly DemoSlot[]; title: string; scripts: unknown }) {
  const ref = useRef<HTMLIFrameElement>(null)
  const [height, setHeight] = useState(START_HEIGHT)
  // Built once: a change of colour mode is a message, so the demo keeps its state.
  const [srcDoc] = useState(() => {
    const files = frameScripts(scripts)
    return files && demoDocument(slots, document.documentElement.classList.contains(DARK), files)
  })

  useEffect(() => {
    const frame = ref.current
    if (!frame) return
    const sendMode = () => frame.contentWindow?.postMessage({ type: DEMO_MESSAGE, dark: document.documentElement.classList.contains(DARK) }, '*')
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow) return
      const data = event.data as { type?: unknown; height?: unknown } | null
      if (data?.type !== DEMO_MESSAGE || typeof data.height !== 'number' || !Number.isFinite(data.height)) return
      setHeight(Math.min(MAX_HEIGHT, Math.max(0, Math.ceil(data.height))))
    }
    const observer = new MutationObserver(sendMode)
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
    window.addEventListener('message', onMessage)
    // The mode may have changed while the frame was loading.
    frame.addEventListener('load', sendMode)
    return () => {
      observer.disconnect()
      window.removeEventListener('message', onMessage)
      frame.removeEventListener('load', sendMode)
    }
  }, [])

  if (srcDoc === undefined) throw new Error('the demo has no script files (build it again)')
  return <iframe ref={ref} className="demo-frame" title={`${title}（演示）`} sandbox="allow-scripts" srcDoc={srcDoc} style={{ height }} />
}

function CopyButton({ code }: { code: string }) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = () => {
    copyText(code).then(
      () => {
        setCopied(true)
        clearTimeout(timer.current)
        timer.current = setTimeout(() => setCopied(false), COPIED_MS)
      },
      (err: unknown) => console.warn('[gptnotes] 复制失败：', err),
    )
  }
  return (
    <button type="button" className="demo-copy" onClick={copy} aria-live="polite">
      {copied ? 'Copied' : '复制'}
    </button>
  )
}

/** Each slot's highlighted HTML, as the build wrote it in the fallback (one `pre code` per slot, in order). */
function highlightedCode(html: string, count: number): (string | undefined)[] {
  const template = document.createElement('template')
  template.innerHTML = html
  const codes = [...template.content.querySelectorAll('pre code')].map((c) => c.innerHTML)
  return codes.length === count ? codes : []
}
