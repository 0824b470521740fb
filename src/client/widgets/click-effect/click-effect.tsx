import { useEffect, useRef } from 'react'
import { useReducedMotion } from '../kit/reduced-motion.js'
import type { WidgetProps } from '../types.js'
import type { ClickEffectOptions } from '../../../shared/widgets/click-effect.js'
import { burst, draw, type Particle, type Shape, step } from './particles.js'

/** Spec §9: the canvas is resized 500 ms after the last window resize. */
export const RESIZE_DEBOUNCE = 500
/** Steps are counted in 60 Hz frames, so the sparks fly as fast on a 120 Hz screen. */
const FRAME_MS = 1000 / 60
/** After a long pause (a background tab, a busy thread) the sparks do not jump ahead. */
const MAX_STEPS = 4

/**
 * Sparks where the reader presses (spec "Click effect"): a full-screen canvas that never
 * receives a click, a touch, focus or a selection, and draws only while sparks are in the air.
 * Readers who prefer reduced motion get nothing.
 */
export default function ClickEffect({ props }: WidgetProps<ClickEffectOptions & { colors: readonly string[] }>) {
  const reduced = useReducedMotion()
  if (reduced) return null
  return <Sparks size={props.size} shape={props.shape} zIndex={props.zIndex} colors={props.colors.join(' ')} />
}

/** `colors` is the accent palette joined by spaces: a string, so the effect below runs again only when it changes. */
function Sparks({ size, shape, zIndex, colors }: { size: number; shape: Shape; zIndex: number; colors: string }) {
  const ref = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    const canvas = ref.current
    const ctx = canvas?.getContext('2d')
    if (!canvas || !ctx) return
    let particles: Particle[] = []
    let frame = 0
    let last = 0
    let width = 0
    let height = 0
    let resizeTimer: ReturnType<typeof setTimeout> | undefined
    const palette = colors.split(' ').filter(Boolean)

    const fit = () => {
      const dpr = window.devicePixelRatio || 1
      width = window.innerWidth
      height = window.innerHeight
      canvas.width = Math.round(width * dpr)
      canvas.height = Math.round(height * dpr)
      canvas.style.width = `${width}px`
      canvas.style.height = `${height}px`
      // Drawing is in CSS pixels; the backing store has the screen's pixels, so sparks stay sharp.
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    }
    const clear = () => ctx.clearRect(0, 0, width, height)
    const stop = () => {
      cancelAnimationFrame(frame)
      frame = 0
    }
    const tick = (now: number) => {
      const steps = Math.min(MAX_STEPS, Math.max(1, Math.round((now - last) / FRAME_MS)))
      last = now
      for (let i = 0; i < steps && particles.length; i++) particles = step(particles, width, height)
      clear()
      if (!particles.length) {
        // Nothing in the air: no further frame until the next press.
        frame = 0
        return
      }
      draw(ctx, particles, shape)
      frame = requestAnimationFrame(tick)
    }
    const press = (event: PointerEvent) => {
      particles.push(...burst(event.clientX, event.clientY, size, palette))
      if (!frame) {
        last = performance.now()
        frame = requestAnimationFrame(tick)
      }
    }
    const resize = () => {
      clearTimeout(resizeTimer)
      resizeTimer = setTimeout(fit, RESIZE_DEBOUNCE)
    }
    const visibility = () => {
      if (document.visibilityState !== 'hidden') return
      particles = []
      stop()
      clear()
    }

    fit()
    // Capture and passive: seen even when a page handler stops the event, and never delaying
    // or cancelling what the press does (a click, a focus, a text selection).
    window.addEventListener('pointerdown', press, { capture: true, passive: true })
    window.addEventListener('resize', resize)
    document.addEventListener('visibilitychange', visibility)
    return () => {
      window.removeEventListener('pointerdown', press, { capture: true })
      window.removeEventListener('resize', resize)
      document.removeEventListener('visibilitychange', visibility)
      clearTimeout(resizeTimer)
      stop()
    }
  }, [size, shape, colors])

  return <canvas ref={ref} className="click-effect" aria-hidden="true" style={{ zIndex }} />
}
