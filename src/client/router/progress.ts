/**
 * The loading bar (nprogress-like) with the spec's constants: minimum 8 %, speed 200 ms,
 * trickle rate 0.02, trickle speed 800 ms. Plain DOM, created on first use.
 */
export const PROGRESS = { minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 } as const

export interface ProgressBar {
  start(): void
  done(): void
  readonly value: number | null
}

export function createProgressBar(doc: Document = document): ProgressBar {
  let value: number | null = null
  let el: HTMLElement | null = null
  let timer: ReturnType<typeof setInterval> | undefined

  const render = () => {
    if (!el) {
      el = doc.createElement('div')
      el.className = 'gn-progress'
      el.setAttribute('role', 'progressbar')
      el.setAttribute('aria-label', '页面加载中')
      el.style.transition = `transform ${PROGRESS.speed}ms linear, opacity ${PROGRESS.speed}ms linear`
      doc.body.appendChild(el)
    }
    el.style.opacity = '1'
    el.style.transform = `scaleX(${value ?? 0})`
    el.setAttribute('aria-valuenow', String(Math.round((value ?? 0) * 100)))
  }
  const set = (n: number) => {
    value = Math.min(Math.max(n, PROGRESS.minimum), 1)
    render()
  }
  return {
    get value() {
      return value
    },
    start() {
      set(PROGRESS.minimum)
      clearInterval(timer)
      timer = setInterval(() => {
        if (value !== null && value < 0.994) set(value + PROGRESS.trickleRate * Math.random() * (1 - value) * 4)
      }, PROGRESS.trickleSpeed)
    },
    done() {
      if (value === null) return
      clearInterval(timer)
      set(1)
      const bar = el
      setTimeout(() => {
        if (bar) bar.style.opacity = '0'
        setTimeout(() => {
          if (value === 1) {
            bar?.remove()
            if (el === bar) el = null
            value = null
          }
        }, PROGRESS.speed)
      }, PROGRESS.speed)
    },
  }
}
