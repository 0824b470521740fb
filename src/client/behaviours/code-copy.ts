import { CODE_BLOCK_CLASS } from '../../shared/markup.js'
import { copyText } from '../widgets/kit/copy-text.js'

/** Spec §9: the button is set up 100 ms after an update and shows 'Copied!' for 500 ms. */
export const CODE_COPY_DELAY = 100
export const COPIED_MS = 500
const LABEL = '复制代码'
const COPIED = 'Copied!'

/**
 * Give every `div.code-block` under `root` a copy button. The button lives in the block's
 * shadow root (with a slot for the code), so the article's own DOM stays exactly the server
 * HTML React hydrated: nothing is inserted into it, selections of the text never include the
 * button's label, and a block that already has a button is skipped (no duplicates when the
 * same page renders again). The theme styles it through `::part(copy)` in base.css.
 */
export function addCopyButtons(root: ParentNode): void {
  for (const block of root.querySelectorAll<HTMLElement>(`div.${CODE_BLOCK_CLASS}`)) {
    if (block.shadowRoot) continue
    const button = document.createElement('button')
    button.type = 'button'
    button.setAttribute('part', 'copy')
    button.textContent = LABEL
    let timer: ReturnType<typeof setTimeout> | undefined
    button.addEventListener('click', () => {
      const code = block.querySelector('pre code') ?? block.querySelector('pre')
      // The block's text ends with its last line's line ending (CommonMark's HTML); the copy
      // leaves it out, so a pasted command waits for the reader's Enter.
      copyText((code?.textContent ?? '').replace(/\r?\n$/, '')).then(
        () => {
          button.textContent = COPIED
          button.setAttribute('part', 'copy copied')
          clearTimeout(timer)
          timer = setTimeout(() => {
            button.textContent = LABEL
            button.setAttribute('part', 'copy')
          }, COPIED_MS)
        },
        (err: unknown) => console.warn('[gptnotes] 复制代码失败：', err),
      )
    })
    block.attachShadow({ mode: 'open' }).append(document.createElement('slot'), button)
  }
}
