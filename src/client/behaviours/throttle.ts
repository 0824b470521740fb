/**
 * `fn` at most once per `wait` ms, with a trailing call so the last event always counts
 * (a scroll that stops inside the window still updates the state). `cancel` drops a pending call.
 */
export function throttle(fn: () => void, wait: number): (() => void) & { cancel(): void } {
  let last = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const run = () => {
    timer = undefined
    last = Date.now()
    fn()
  }
  const throttled = () => {
    const remaining = wait - (Date.now() - last)
    if (remaining <= 0) {
      clearTimeout(timer)
      run()
    } else timer ??= setTimeout(run, remaining)
  }
  return Object.assign(throttled, {
    cancel: () => {
      clearTimeout(timer)
      timer = undefined
    },
  })
}
