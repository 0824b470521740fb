import { Component, type ReactNode } from 'react'

export function reportWidgetError(name: string, err: unknown): void {
  console.error(`[gptnotes] widget ${name}:`, err)
}

interface Props {
  name: string
  /** Called once the failure is logged, so the caller can restore what was there before. */
  onFail: () => void
  children: ReactNode
}

/** Catches a widget that throws while rendering: one log line, and the widget renders nothing. */
export class WidgetBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(err: unknown): void {
    reportWidgetError(this.props.name, err)
    this.props.onFail()
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children
  }
}
