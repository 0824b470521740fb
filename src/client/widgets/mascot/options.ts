/**
 * The slot's props (the site data's `mascot`, resolved by the build, plus the site title and
 * base) turned into the overlay's options: the greeting, the left-out texts, React styles.
 */
import type { CSSProperties } from 'react'
import type { Live2DAssets } from '../../../shared/widgets/mascot-live2d-model.js'
import type { MascotProps } from '../../../shared/widgets/mascot.js'
import { MASCOT_MESSAGES } from '../../../shared/widgets/mascot-messages.js'

export interface MascotMessages {
  welcome: string
  home: string
  theme: string
  close: string
}

export interface MascotOptions {
  themes: readonly string[]
  /** No buttons (the original's `clean`). */
  clean: boolean
  messages: MascotMessages
  messageStyle: CSSProperties
  modelStyle: CSSProperties
  btnStyle: CSSProperties
  width: number
  height: number
  /** The site's home page (`/gpt/`). */
  base: string
  /** The Live2D files the build copied (core and model settings URLs); absent without Live2D themes. */
  live2d?: Live2DAssets
}

/** What the global overlay hands the mascot's slot (its site data, src/shared/widgets/mascot.ts). */
export type MascotSlotProps = Omit<MascotProps, 'title' | 'base'> & { title?: string; base?: string }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A config style object (`{ 'z-index': 3 }` or `{ zIndex: 3 }`) as a React style. */
export function styleOf(v: unknown): CSSProperties {
  if (!isRecord(v)) return {}
  const out: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(v)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue
    out[key.startsWith('--') ? key : key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value
  }
  return out as CSSProperties
}

export function mascotOptions(props: MascotSlotProps): MascotOptions {
  const m = { ...MASCOT_MESSAGES, ...props.messages }
  const title = props.title ?? ''
  return {
    themes: props.theme,
    clean: props.clean,
    messages: { ...m, welcome: m.welcome || (title ? `欢迎来到 ${title}` : '欢迎你来呀') },
    messageStyle: styleOf(props.messageStyle),
    modelStyle: styleOf(props.modelStyle),
    btnStyle: styleOf(props.btnStyle),
    width: props.width,
    height: props.height,
    base: props.base ?? '/',
    ...(props.live2d ? { live2d: props.live2d } : {}),
  }
}

/** The spec's mobile user agents: the mascot is not loaded for them. */
export const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i
export const isMobileUserAgent = (ua: string): boolean => MOBILE_UA.test(ua)

/** Whether `pathname` is the site's home page (`/gpt/` or `/gpt/index.html`). */
export const isHome = (pathname: string, base: string): boolean => pathname === base || pathname === `${base}index.html`
