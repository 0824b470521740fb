import { useEffect, useRef } from 'react'
import { MascotController } from './framework/controller.js'
import type { MascotRenderer } from './framework/renderer.js'
import { SleepyTimer } from './framework/sleepy.js'
import { logLoadFailure, logModelError } from './log.js'
import type { MascotOptions } from './options.js'
import { createRenderer } from './renderers.js'

/** Frames are drawn at most this often: the motions are 30 fps data, and an idle overlay should cost little. */
const DRAW_FPS = 30

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

/**
 * The canvas and its character: loads the theme's renderer, runs the controller each frame and
 * feeds it the pointer. The canvas takes no events itself (the page under its empty corners
 * stays clickable); a click that lands on the character is the mascot's, anything else the page's.
 */
export function Stage({ theme, options, onFail }: { theme: string; options: MascotOptions; onFail: () => void }) {
  const ref = useRef<HTMLCanvasElement>(null)
  const { width, height } = options

  useEffect(() => {
    const canvas = ref.current
    if (!canvas) return
    let disposed = false
    let frame = 0
    let renderer: MascotRenderer | undefined
    const off: (() => void)[] = []
    const listen = <K extends keyof WindowEventMap>(target: Window | HTMLElement, type: K, fn: (e: WindowEventMap[K]) => void, opts?: AddEventListenerOptions) => {
      target.addEventListener(type, fn as EventListener, opts)
      off.push(() => target.removeEventListener(type, fn as EventListener, opts))
    }
    const dpr = window.devicePixelRatio || 1
    canvas.width = Math.round(width * dpr)
    canvas.height = Math.round(height * dpr)
    const sleepy = new SleepyTimer({ storage: sessionStore(), setTimeout: (fn, ms) => window.setTimeout(fn, ms), clearTimeout: (id) => window.clearTimeout(id as number) })
    const fail = (err: unknown) => {
      if (disposed) return
      logLoadFailure(err)
      onFail()
    }

    const start = async () => {
      const made = createRenderer(theme, options.live2d)
      if (!made) throw new Error(`no renderer for ${theme}`)
      renderer = await made
      if (disposed) return renderer.dispose()
      const settings = await renderer.load(canvas)
      if (disposed) return
      const ctl = new MascotController(renderer, settings, { width, height }, { isSleepy: () => sleepy.isSleepy(), onError: logModelError })
      const local = (e: MouseEvent): [number, number, boolean] => {
        const box = canvas.getBoundingClientRect()
        const x = e.clientX - box.left
        const y = e.clientY - box.top
        return [x, y, x >= 0 && y >= 0 && x <= box.width && y <= box.height]
      }
      // Pinch (ctrl + wheel on a touchpad) zooms the character. The non-passive wheel listener,
      // which would slow page scrolling, is there only while the pointer is over the canvas.
      let wheel = false
      const onWheel = (e: WheelEvent) => {
        if (!e.ctrlKey) return
        e.preventDefault()
        const [x, y] = local(e)
        ctl.zoom(Math.exp(-e.deltaY / 200), x, y, performance.now())
      }
      listen(window, 'mousemove', (e) => {
        sleepy.pointerMoved()
        const [x, y, over] = local(e)
        ctl.look(x, y)
        if (over !== wheel) {
          wheel = over
          if (over) window.addEventListener('wheel', onWheel, { passive: false })
          else window.removeEventListener('wheel', onWheel)
        }
      })
      off.push(() => window.removeEventListener('wheel', onWheel))
      listen(document.documentElement, 'mouseleave', () => sleepy.pointerLeft())
      // Capture: the character answers the click before the page's handlers see it.
      listen(
        window,
        'click',
        (e) => {
          const [x, y, over] = local(e)
          if (!over || e.button !== 0) return
          if (ctl.tap(x, y, performance.now())) {
            e.preventDefault()
            e.stopPropagation()
          }
        },
        { capture: true },
      )
      let drawn = -Infinity
      const tick = (now: number) => {
        frame = requestAnimationFrame(tick)
        if (now - drawn < 1000 / DRAW_FPS - 2) return
        drawn = now
        try {
          ctl.frame(now)
        } catch (err) {
          cancelAnimationFrame(frame)
          fail(err)
        }
      }
      frame = requestAnimationFrame(tick)
    }
    start().catch(fail)

    return () => {
      disposed = true
      cancelAnimationFrame(frame)
      for (const f of off) f()
      sleepy.dispose()
      renderer?.dispose()
    }
  }, [theme, width, height])

  return <canvas ref={ref} className="gm-canvas" role="img" aria-label="看板娘" style={{ width, height, ...options.modelStyle }} />
}
