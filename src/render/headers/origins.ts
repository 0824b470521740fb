import type { WidgetSettings } from '../widgets/index.js'
import { widgetsOn } from '../widgets/index.js'

/** The origin of an http(s) address, or undefined (a relative or odd address needs no entry). */
export function originOf(address: string): string | undefined {
  // No scheme, no origin: the usual relative address returns before `URL` throws (which costs a
  // stack). Configs may pass no address at all (an unset `baseURL`): `URL` reads it as text too.
  if (!String(address).includes(':')) return undefined
  try {
    const url = new URL(address)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined
  } catch {
    return undefined
  }
}

export interface WidgetOriginList {
  connect: string[]
  img: string[]
}

/**
 * The other hosts the widgets that are on reach, each once: what their declarations' `origins`
 * name (the comment widgets' services, widget B's platform APIs and avatar hosts).
 */
export function widgetOrigins(settings: WidgetSettings): WidgetOriginList {
  const connect: string[] = []
  const img: string[] = []
  for (const [w, s] of widgetsOn(settings)) {
    const origins = w.origins?.(s, originOf)
    connect.push(...(origins?.connect ?? []))
    img.push(...(origins?.img ?? []))
  }
  return { connect: [...new Set(connect)], img: [...new Set(img)] }
}
