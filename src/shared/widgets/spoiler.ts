import { defineWidget } from './define.js'

/** `::: spoiler [title]`: an island inside rendered markdown (its props: src/render/markdown/containers.ts). */
export const spoilerWidget = defineWidget({ name: 'spoiler', placement: 'island' })
