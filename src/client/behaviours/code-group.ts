import { CODE_GROUP_ACTIVE_ATTR, CODE_GROUP_ATTR, CODE_GROUP_PANEL_CLASS, CODE_GROUP_TITLE_CLASS } from '../../shared/markup.js'

/**
 * VuePress's `<code-group>` as tabs (WAI-ARIA's tabs pattern: arrow keys, Home and End move
 * between the tabs and show each one's block at once). The server writes every block under its
 * title, which is what a reader without JavaScript gets; here the group gets a shadow root that
 * holds the tab list and one tab panel, and the panel shows the chosen block by assigning it to
 * its slot. The article's own DOM is never changed (as with the code copy button): nothing is
 * inserted, moved or re-classed, so it stays the HTML React hydrated. The theme styles the parts
 * (`tablist`, `tab`, `tab-selected`, `panel`) with `::part()` in theme.css.
 */
export function makeCodeGroupTabs(root: ParentNode): void {
  // Without imperative slot assignment (browsers before 2021–2023) the blocks stay as written.
  if (typeof HTMLSlotElement === 'undefined' || !('assign' in HTMLSlotElement.prototype)) return
  for (const group of root.querySelectorAll<HTMLElement>(`[${CODE_GROUP_ATTR}]`)) {
    if (group.shadowRoot) continue
    const blocks = blocksOf(group)
    if (blocks.length) tabsFor(group, blocks)
  }
}

interface Block {
  title: string
  panel: HTMLElement
}

/** Each panel with the title written before it. */
function blocksOf(group: HTMLElement): Block[] {
  const blocks: Block[] = []
  let title = ''
  for (const child of group.children) {
    if (child.classList.contains(CODE_GROUP_TITLE_CLASS)) title = child.textContent?.trim() ?? ''
    else if (child instanceof HTMLElement && child.classList.contains(CODE_GROUP_PANEL_CLASS)) {
      blocks.push({ title, panel: child })
      title = ''
    }
  }
  return blocks
}

function tabsFor(group: HTMLElement, blocks: Block[]): void {
  const shadow = group.attachShadow({ mode: 'open', slotAssignment: 'manual' })
  const tablist = document.createElement('div')
  tablist.setAttribute('role', 'tablist')
  tablist.setAttribute('part', 'tablist')
  const panel = document.createElement('div')
  panel.id = 'panel'
  panel.setAttribute('role', 'tabpanel')
  panel.setAttribute('part', 'panel')
  // The panel holds no focusable element of its own (a code block's copy button sits in the block's shadow root): it takes focus itself.
  panel.tabIndex = 0
  const slot = document.createElement('slot')
  panel.append(slot)

  const tabs = blocks.map((block, i) => {
    const tab = document.createElement('button')
    tab.type = 'button'
    tab.id = `tab-${i}`
    tab.setAttribute('role', 'tab')
    tab.setAttribute('aria-controls', panel.id)
    tab.textContent = block.title
    tab.addEventListener('click', () => select(i))
    return tab
  })

  const select = (index: number, focus = false) => {
    tabs.forEach((tab, i) => {
      const on = i === index
      tab.setAttribute('aria-selected', String(on))
      tab.tabIndex = on ? 0 : -1
      tab.setAttribute('part', on ? 'tab tab-selected' : 'tab')
    })
    panel.setAttribute('aria-labelledby', tabs[index].id)
    slot.assign(blocks[index].panel)
    if (focus) tabs[index].focus()
  }

  tablist.addEventListener('keydown', (event) => {
    const current = tabs.findIndex((t) => t.getAttribute('aria-selected') === 'true')
    const last = tabs.length - 1
    const next = { ArrowRight: current === last ? 0 : current + 1, ArrowLeft: current === 0 ? last : current - 1, Home: 0, End: last }[event.key]
    if (next === undefined) return
    event.preventDefault()
    select(next, true)
  })

  tablist.append(...tabs)
  shadow.append(tablist, panel)
  // The block written `active` is shown first (VuePress's rule), else the first one.
  const active = blocks.findIndex((b) => b.panel.hasAttribute(CODE_GROUP_ACTIVE_ATTR))
  select(active === -1 ? 0 : active)
}
