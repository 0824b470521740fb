/** The click effect (sparks where the reader clicks), in the original cursor-effects plugin's option names. */
import { boolean, type Infer, literal, number, object, union, withDefault } from '../config-schema.js'
import { TAG_PALETTE } from '../tag-color.js'
import { defineWidget } from './define.js'

export const clickEffectOptionsSchema = object({
  /** Particle size in CSS pixels (a star's inner radius; its outer radius is twice that). @default 2 */
  size: withDefault(number, 2),
  /** `'star'` (five points, turning) or `'circle'`. @default 'star' */
  shape: withDefault(literal('star', 'circle'), 'star'),
  /** The canvas's stacking order, above everything else on the page. @default 999999999 */
  zIndex: withDefault(number, 999999999),
})

/** The effect's options as the widget receives them. */
export type ClickEffectOptions = Infer<typeof clickEffectOptionsSchema>

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * `themeConfig.clickEffect`: `false`, `true` (the defaults) or the options. Never shown to readers
 * who prefer reduced motion. @default false
 */
export const clickEffectSchema = withDefault(
  union('false, true or { size?, shape?, zIndex? }', [boolean, clickEffectOptionsSchema], (v) => (typeof v === 'boolean' ? boolean : isObject(v) ? clickEffectOptionsSchema : undefined)),
  false,
)

/** The widget's options for a config value: `true` takes the defaults, `false` is none. */
export const clickEffectOf = (option: Infer<typeof clickEffectSchema>): ClickEffectOptions | undefined =>
  option === false ? undefined : option === true ? { ...clickEffectOptionsSchema.default } : { ...option }

/** The click effect through the pipeline: an overlay slot with its options and the accent palette (the widget's chunk shares no module with the app's). */
export const clickEffectWidget = defineWidget({
  name: 'click-effect',
  placement: 'overlay',
  settings: (config: { themeConfig: { clickEffect: Infer<typeof clickEffectSchema> } }) => clickEffectOf(config.themeConfig.clickEffect),
  clientData: (options) => ({ ...options, colors: TAG_PALETTE }),
})
