/**
 * The eye-blink cycle (spec §4, §9): first → interval (4000 ms on average) → closing 100 ms →
 * closed 50 ms → opening 150 ms → interval again. `openness(now)` is 1 for open eyes, 0 shut.
 */
export const BLINK = { interval: 4000, closing: 100, closed: 50, opening: 150 } as const

export type BlinkState = 'first' | 'interval' | 'closing' | 'closed' | 'opening'

export class EyeBlink {
  state: BlinkState = 'first'
  private since = 0
  private next = 0

  /** `random` picks each wait (0–1 → 0–2× the interval, so waits vary around 4 s); injectable for tests. */
  constructor(private readonly random: () => number = Math.random) {}

  openness(now: number): number {
    for (;;) {
      const t = now - this.since
      switch (this.state) {
        case 'first':
          this.wait(now)
          continue
        case 'interval':
          if (now < this.next) return 1
          this.enter('closing', this.next)
          continue
        case 'closing':
          if (t < BLINK.closing) return 1 - t / BLINK.closing
          this.enter('closed', this.since + BLINK.closing)
          continue
        case 'closed':
          if (t < BLINK.closed) return 0
          this.enter('opening', this.since + BLINK.closed)
          continue
        case 'opening':
          if (t < BLINK.opening) return t / BLINK.opening
          this.wait(this.since + BLINK.opening)
          // A long pause (a hidden tab) must not replay every missed blink.
          if (this.next < now) this.next = now + BLINK.interval * 2 * this.random()
          continue
      }
    }
  }

  private enter(state: BlinkState, at: number): void {
    this.state = state
    this.since = at
  }

  private wait(from: number): void {
    this.enter('interval', from)
    this.next = from + BLINK.interval * 2 * this.random()
  }
}
