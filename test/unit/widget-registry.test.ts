// The widget names are one list (the declarations' list, src/shared/widgets/index.ts) and the client's registry has an
// entry for each: a name missing from either side does not compile.
import { describe, expect, it } from 'vitest'
import { WIDGETS, type WidgetEntry, type WidgetRegistry } from '../../src/client/widgets/registry.js'
import { WIDGET_NAMES } from '../../src/shared/widgets/index.js'

const entry: WidgetEntry = { mount: 'idle', load: () => Promise.resolve({ default: () => null }) }

describe('client/widgets/registry', () => {
  it('has an entry for every widget name and no other', () => {
    expect(Object.keys(WIDGETS).sort()).toEqual([...WIDGET_NAMES].sort())
  })

  it('does not compile with a name missing, or one the list does not hold', () => {
    const full = { spoiler: entry, demo: entry, password: entry, 'click-effect': entry, 'copy-protection': entry, mascot: entry, valine: entry, vssue: entry } satisfies WidgetRegistry
    // @ts-expect-error vssue is in the list but not in this registry
    const missing = { spoiler: entry, demo: entry, password: entry, 'click-effect': entry, 'copy-protection': entry, mascot: entry, valine: entry } satisfies WidgetRegistry
    // @ts-expect-error 'waline' is not a widget name
    const extra = { ...full, waline: entry } satisfies WidgetRegistry
    expect([full, missing, extra]).toHaveLength(3)
  })
})
