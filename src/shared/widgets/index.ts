/**
 * Every widget and island, once: the one list the pipeline loops over (the config's comment
 * solutions, the site data, each route's slots and props, the headers; the build's hooks,
 * src/render/widgets/index.ts; the client's registry, checked against these names by the
 * compiler). Adding a widget is one line here: see src/client/widgets/README.md.
 */
import { clickEffectWidget } from './click-effect.js'
import { copyProtectionWidget } from './copy-protection.js'
import { demoWidget } from './demo.js'
import { mascotWidget } from './mascot.js'
import { passwordWidget } from './password.js'
import { spoilerWidget } from './spoiler.js'
import { valineWidget } from './valine.js'
import { vssueWidget } from './vssue.js'

export const WIDGET_LIST = [valineWidget, vssueWidget, mascotWidget, clickEffectWidget, copyProtectionWidget, spoilerWidget, demoWidget, passwordWidget] as const

type Declared = (typeof WIDGET_LIST)[number]
export type WidgetName = Declared['name']

/** The comment widgets (placement `article-end`), named as `themeConfig.comments.solution` names them. */
export type CommentWidget = Extract<Declared, { placement: 'article-end' }>['name']
/** Islands inside rendered markdown. */
export type IslandWidget = Extract<Declared, { placement: 'island' }>['name']

export const WIDGET_NAMES: readonly WidgetName[] = WIDGET_LIST.map((w) => w.name)
export const COMMENT_WIDGETS = WIDGET_LIST.filter((w) => w.placement === 'article-end').map((w) => w.name) as readonly CommentWidget[]
