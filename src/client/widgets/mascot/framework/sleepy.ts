/**
 * The sleepy flag (spec §4): the session flag `Sleepy` becomes 1 about 50 s after the pointer
 * leaves the window and 0 on the next mouse move. The idle loop reads it to pick the sleepy
 * group. Kept in sessionStorage, as the original did, so it holds across pages of a visit.
 */
export const SLEEPY_AFTER = 50_000
export const SLEEPY_KEY = 'Sleepy'

export interface SleepyDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (id: unknown) => void
}

export class SleepyTimer {
  private timer: unknown

  constructor(private readonly deps: SleepyDeps) {}

  /** The pointer left the window: fall asleep if it stays away. */
  pointerLeft(): void {
    this.cancel()
    this.timer = this.deps.setTimeout(() => {
      this.timer = undefined
      this.write('1')
    }, SLEEPY_AFTER)
  }

  /** The mouse moved: awake. */
  pointerMoved(): void {
    this.cancel()
    if (this.isSleepy()) this.write('0')
  }

  isSleepy(): boolean {
    try {
      return this.deps.storage?.getItem(SLEEPY_KEY) === '1'
    } catch {
      return false
    }
  }

  dispose(): void {
    this.cancel()
  }

  private cancel(): void {
    if (this.timer !== undefined) this.deps.clearTimeout(this.timer)
    this.timer = undefined
  }

  private write(value: '0' | '1'): void {
    try {
      this.deps.storage?.setItem(SLEEPY_KEY, value)
    } catch {
      // Storage refused (private mode): the mascot simply never sleeps.
    }
  }
}
