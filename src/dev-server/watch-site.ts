import { watch } from 'chokidar'
import { join, sep } from 'node:path'
import { CONFIG_FILES } from '../render/config/load-config.js'
import { PACKAGE_ROOT } from '../render/package-root.js'
import type { SiteOutput } from '../render/build-site.js'

/** How long the watcher waits for more changes before it rebuilds (an editor's save is several events). */
const SETTLE_MS = 80

/** Whether a changed file is the theme's own code (the client bundle is made anew). */
export const isThemeSource = (file: string): boolean => file.startsWith(join(PACKAGE_ROOT, 'src'))

/**
 * Watches the content, the config and the theme's sources, and code that pages import from
 * outside content/ (`<<< examples/a.js`, added as builds find it, so an edit there rebuilds the
 * pages as an edit under content/ does). `onChange` gets the files changed since it was last called,
 * once they settle.
 */
export class SiteWatcher {
  private readonly imports = new Set<string>()
  private readonly watcher
  private timer: NodeJS.Timeout | undefined
  private readonly changed = new Set<string>()
  private readonly contentDir: string
  /** Resolves once the watcher's first scan is done: changes before it may go unseen. */
  readonly ready: Promise<void>

  constructor(root: string, onChange: (files: string[]) => void) {
    this.contentDir = join(root, 'content') + sep
    this.watcher = watch([join(root, 'content'), ...CONFIG_FILES.map((f) => join(root, f)), join(PACKAGE_ROOT, 'src/client'), join(PACKAGE_ROOT, 'src/shared')], { ignoreInitial: true })
    this.ready = new Promise((resolve) => this.watcher.once('ready', () => resolve()))
    this.watcher.on('all', (_event, file) => {
      this.changed.add(file)
      clearTimeout(this.timer)
      this.timer = setTimeout(() => {
        const files = [...this.changed]
        this.changed.clear()
        onChange(files)
      }, SETTLE_MS)
    })
  }

  /** Watch the files a build's pages import from outside content/ too. */
  watchImports(built: SiteOutput): void {
    const added = built.parsed.flatMap((p) => Object.keys(p.importStamps ?? {})).filter((f) => !f.startsWith(this.contentDir) && !this.imports.has(f))
    for (const f of added) this.imports.add(f)
    if (added.length) this.watcher.add(added)
  }

  async close(): Promise<void> {
    clearTimeout(this.timer)
    await this.watcher.close()
  }
}
