// Widget A is declared in widgets/valine.ts; the box's own files import its names from here.
export {
  VALINE_AVATARS,
  VALINE_LANGS,
  type ValineAvatar,
  type ValineOptions as ValineClientConfig,
  type ValineLang,
  type ValineMetaField,
  type ValineSlotProps,
} from './widgets/valine.js'
