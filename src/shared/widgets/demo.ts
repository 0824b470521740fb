import { defineWidget } from './define.js'

/** The `::: demo` block's code slots, as the build writes them and the island reads them. */
export type DemoLang = 'html' | 'js' | 'css'

export interface DemoSlot {
  lang: DemoLang
  code: string
}

/** Each slot's name on its tab (and above its code without JavaScript). */
export const DEMO_LABELS: Readonly<Record<DemoLang, string>> = { html: 'HTML', js: 'JS', css: 'CSS' }

/** The tag of the messages between a demo's frame and the page. */
export const DEMO_MESSAGE = 'gptnotes-demo'

/** Where the build writes the demos' scripts (content-hashed names), under the base. */
export const DEMO_DIR = 'assets/demo/'

/** The script files a demo's frame loads, as the build names them (paths under the origin, base included). */
export interface DemoScripts {
  /** The frame's own script (`DEMO_BOOT`), run first. */
  boot: string
  /** The demo's js slot, when it has one. */
  js?: string
}

/** `::: demo`: an island inside rendered markdown (its props: src/render/markdown/containers.ts and demo.ts). */
export const demoWidget = defineWidget({ name: 'demo', placement: 'island' })
