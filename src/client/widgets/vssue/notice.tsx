/**
 * The notice area: the progress bar while comments load (+5 % every 200 ms up to 94 %, then
 * 100 % when the load ends) and the alert (gone after 3 s, or at once when clicked).
 */
import { useEffect, useRef, useState } from 'react'
import { nextProgress } from './state.js'

const TICK_MS = 200
const ALERT_MS = 3000
/** How long the full bar stays before it goes. */
const DONE_MS = 300

export function Progress({ loading }: { loading: boolean }) {
  const [value, setValue] = useState<number | null>(null)
  const was = useRef(false)
  useEffect(() => {
    if (loading) {
      was.current = true
      setValue(0)
      const timer = setInterval(() => setValue((p) => nextProgress(p ?? 0)), TICK_MS)
      return () => clearInterval(timer)
    }
    if (!was.current) return
    was.current = false
    setValue(100)
    const timer = setTimeout(() => setValue(null), DONE_MS)
    return () => clearTimeout(timer)
  }, [loading])
  if (value === null) return null
  return <div className="vs-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} style={{ width: `${value}%` }} />
}

export function Alert({ alert, onClear }: { alert: { text: string; seq: number } | null; onClear: (seq: number) => void }) {
  useEffect(() => {
    if (!alert) return
    const timer = setTimeout(() => onClear(alert.seq), ALERT_MS)
    return () => clearTimeout(timer)
  }, [alert, onClear])
  if (!alert) return null
  return (
    <button type="button" className="vs-alert" role="alert" onClick={() => onClear(alert.seq)}>
      {alert.text}
    </button>
  )
}
