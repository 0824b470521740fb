import { defineWidget } from './define.js'

/** A password-protected page's prompt: an island the build writes in place of the locked body (src/render/content/lock-page.ts). */
export const passwordWidget = defineWidget({ name: 'password', placement: 'island' })
