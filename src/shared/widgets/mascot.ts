/**
 * The mascot (看板娘), in the original kan-ban-niang plugin's option names. The built-in
 * character needs nothing else; the original plugin's Live2D names need the owner's Cubism core (`core`).
 */
import { array, boolean, type Infer, map, number, object, optional, record, string, union, withDefault } from '../config-schema.js'
import { defineWidget } from './define.js'
import type { Live2DAssets } from './mascot-live2d-model.js'

/** A style object for one of the mascot's elements (`{ right: '90px', 'z-index': 3 }`). */
const mascotStyleSchema = withDefault(record(union('a string or number', [string, number], (v) => (typeof v === 'number' ? number : string))), {})

export const mascotOptionsSchema = object({
  /**
   * Theme names, the first shown first: `'builtin'` (小笺, ours) or the original plugin's Live2D models
   * `blackCat`, `whiteCat`, `haru1`, `haru2`, `haruto`, `koharu`, `izumi`, `shizuku`, `wanko`,
   * `miku`, `z16`, each from its npm package installed in the site folder (`live2d-widget-model-*`;
   * blackCat is hijiki, whiteCat tororo) and drawn with `core`. @default ['builtin']
   */
  theme: withDefault(
    map(array(string), (themes) => (themes.length ? themes : ['builtin'])),
    ['builtin'],
  ),
  /** Hide the buttons. @default false */
  clean: withDefault(boolean, false),
  /** The message box's texts; a left-out one keeps its Chinese default (`MASCOT_MESSAGES` in mascot-messages.ts; `welcome` '' greets with the site title). @default {} */
  messages: withDefault(
    object({
      /** @default '' (`欢迎来到 <title>`) */
      welcome: optional(string),
      /** @default '心里的花，我想要带你回家。' */
      home: optional(string),
      /** @default '好吧，希望你能喜欢我的其他小伙伴。' */
      theme: optional(string),
      /** @default '你知道我喜欢吃什么吗？痴痴地望着你。' */
      close: optional(string),
    }),
    {},
  ),
  /** Styles of the message box. @default {} */
  messageStyle: mascotStyleSchema,
  /** Styles of the canvas. @default {} */
  modelStyle: mascotStyleSchema,
  /** Styles of the button column. @default {} */
  btnStyle: mascotStyleSchema,
  /** The canvas's width in CSS px. @default 150 */
  width: withDefault(number, 150),
  /** The canvas's height in CSS px. @default 220 */
  height: withDefault(number, 220),
  /**
   * Path (from the site folder) of the owner's Live2D Cubism 2.1 core, `live2d.min.js` (2.1.00_1),
   * needed by the Live2D themes; copied into the output, never shipped by gptnotes.
   */
  core: optional(string),
})

export type MascotConfig = Infer<typeof mascotOptionsSchema>
/** What the browser gets: the core's path stays with the build. */
export type MascotSiteOptions = Omit<MascotConfig, 'core'>

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * `themeConfig.mascot`: `true` for the built-in character with the defaults, the options, or
 * `false`. Never on mobile user agents or for readers who prefer reduced motion. @default false
 */
export const mascotSchema = withDefault(
  union('false, true or { theme?, clean?, messages?, … }', [boolean, mascotOptionsSchema], (v) => (typeof v === 'boolean' ? boolean : isObject(v) ? mascotOptionsSchema : undefined)),
  false,
)

/** The browser's options for a config value: `true` takes the defaults, `false` is none; the core's path left out. */
export function mascotOf(option: Infer<typeof mascotSchema>): MascotSiteOptions | undefined {
  if (!option) return undefined
  const { core: _core, ...options } = option === true ? mascotOptionsSchema.default : option
  return options
}

/**
 * What the mascot's slot receives: its options, the site's title (the greeting) and base (the
 * home button), and `live2d`, the addresses of the Live2D files the build copied.
 */
export type MascotProps = MascotSiteOptions & { title: string; base: string; live2d?: Live2DAssets }

/** The mascot through the pipeline: an overlay slot with its options; its Live2D files are its build hook (src/render/widgets/mascot.ts). */
export const mascotWidget = defineWidget({
  name: 'mascot',
  placement: 'overlay',
  settings: (config: { title: string; base: string; themeConfig: { mascot: Infer<typeof mascotSchema> } }): MascotProps | undefined => {
    const options = mascotOf(config.themeConfig.mascot)
    return options && { ...options, title: config.title, base: config.base }
  },
  clientData: (props) => props,
})
