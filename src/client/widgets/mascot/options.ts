/**
 * The slot's props (the site data's `mascot`, plus the site title and base) read into the
 * overlay's options, with the original plugin's defaults for anything missing.
 */
import type { CSSProperties } from 'react'
import type { Live2DAssets } from '../../../shared/live2d-model.js'
import { BUILTIN } from './themes.js'

export interface MascotMessages {
  welcome: string
  home: string
  theme: string
  close: string
}

export interface MascotOptions {
  themes: string[]
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

/** The original plugin's texts. An empty `welcome` greets with the site's title. */
export const DEFAULT_MESSAGES: MascotMessages = {
  welcome: '',
  home: '心里的花，我想要带你回家。',
  theme: '好吧，希望你能喜欢我的其他小伙伴。',
  close: '你知道我喜欢吃什么吗？痴痴地望着你。',
}

export const DEFAULT_SIZE = { width: 150, height: 220 } as const

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const text = (v: unknown, d: string) => (typeof v === 'string' ? v : d)
const size = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : d)

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

export function mascotOptions(props: Record<string, unknown>): MascotOptions {
  const m = isRecord(props.messages) ? props.messages : {}
  const title = text(props.title, '')
  const themes = Array.isArray(props.theme) ? props.theme.filter((t): t is string => typeof t === 'string') : []
  return {
    themes: themes.length ? themes : [BUILTIN],
    clean: props.clean === true,
    messages: {
      welcome: text(m.welcome, '') || (title ? `欢迎来到 ${title}` : '欢迎你来呀'),
      home: text(m.home, DEFAULT_MESSAGES.home),
      theme: text(m.theme, DEFAULT_MESSAGES.theme),
      close: text(m.close, DEFAULT_MESSAGES.close),
    },
    messageStyle: styleOf(props.messageStyle),
    modelStyle: styleOf(props.modelStyle),
    btnStyle: styleOf(props.btnStyle),
    width: size(props.width, DEFAULT_SIZE.width),
    height: size(props.height, DEFAULT_SIZE.height),
    base: text(props.base, '/'),
    ...live2dOf(props.live2d),
  }
}

/** The build's `live2d` addresses, kept only when well formed (a core URL and string URLs per model). */
function live2dOf(v: unknown): { live2d?: Live2DAssets } {
  if (!isRecord(v) || typeof v.core !== 'string' || !v.core || !isRecord(v.models)) return {}
  const models = Object.fromEntries(Object.entries(v.models).filter((e): e is [string, string] => typeof e[1] === 'string'))
  return { live2d: { core: v.core, models } }
}

/** The spec's mobile user agents: the mascot is not loaded for them. */
export const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i
export const isMobileUserAgent = (ua: string): boolean => MOBILE_UA.test(ua)

/** Whether `pathname` is the site's home page (`/gpt/` or `/gpt/index.html`). */
export const isHome = (pathname: string, base: string): boolean => pathname === base || pathname === `${base}index.html`
