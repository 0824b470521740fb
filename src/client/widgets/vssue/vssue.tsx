/**
 * Widget B, issue-based comments (spec "Comment widget B"): loads the active platform's adapter
 * (its own chunk), runs the flow of `flow.ts` and draws `box.tsx`. Mounted by the registry when
 * the article's comment slot nears the viewport; when the route's path changes it remounts about
 * 300 ms later (Vssue's behaviour), so the last page's comments never show on a new page.
 */
import { useEffect, useMemo, useState } from 'react'
import type { AuthEnv } from './auth.js'
import { redirectUriOf } from './auth.js'
import { Box } from './box.js'
import { createFlow, type Flow } from './flow.js'
import { dirOf, messagesFor, resolveLang } from './i18n.js'
import { loadPlatform } from './load-platform.js'
import { configProblems, resolveOptions, type ResolvedOptions } from './options.js'
import type { Platform } from './platform.js'
import type { WidgetProps } from '../types.js'
import type { VssueOptions, VssueSlotProps } from '../../../shared/widgets/vssue.js'
import { initialState } from './state.js'
import { createStore, type StateStore } from './store.js'
import { injectStyles } from './styles.js'

/** The remount delay after a route change (spec §9). */
const REMOUNT_MS = 300

export default function Vssue({ props }: WidgetProps<VssueSlotProps>) {
  const path = props.path
  const [shown, setShown] = useState<{ path: string; props: VssueSlotProps } | null>({ path, props })
  useEffect(() => {
    if (shown?.path === path) return
    setShown(null)
    const timer = setTimeout(() => setShown({ path, props }), REMOUNT_MS)
    return () => clearTimeout(timer)
    // `props` follows `path`: a new page brings both.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path])
  if (!shown) return <div className="vssue" />
  return <VssueWidget key={shown.path} config={shown.props.config} pageTitle={shown.props.title} />
}

interface Running {
  store: StateStore
  flow: Flow
  platform: Platform
}

function VssueWidget({ config, pageTitle }: { config: VssueOptions; pageTitle: string }) {
  const options = useMemo<ResolvedOptions>(() => resolveOptions(config), [config])
  const lang = useMemo(() => resolveLang(options.locale, typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]), [options.locale])
  const t = messagesFor(lang)
  const [running, setRunning] = useState<Running | null>(null)

  useEffect(() => {
    injectStyles(document)
    const problems = configProblems(config, options)
    for (const w of problems.warnings) console.warn(w)
    if (problems.error) console.error(problems.error)
    let flow: Flow | undefined
    let cancelled = false
    void loadPlatform(options.platform).then((factory) => {
      if (cancelled) return
      const platform = factory({
        owner: options.owner,
        repo: options.repo,
        clientId: options.clientId,
        baseURL: options.baseURL || undefined,
        labels: [...options.labels],
        proxy: options.proxy,
        redirectUri: redirectUriOf(location.href),
      })
      const store = createStore(initialState(options.perPage))
      const env: AuthEnv = window
      flow = createFlow({ platform, name: options.platform, options, title: pageTitle || document.title, env, t, confirm: (text) => window.confirm(text), log: console }, store)
      setRunning({ store, flow, platform })
      void flow.init()
    })
    return () => {
      cancelled = true
      flow?.dispose()
    }
  }, [config, options, pageTitle, t])

  return (
    <section className="vssue" dir={dirOf(lang)} lang={lang} aria-label={t.region}>
      {running ? <Box store={running.store} flow={running.flow} meta={running.platform.meta} options={options} t={t} /> : <div className="vs-status" role="status" data-status="initializing">{t.initializing}</div>}
    </section>
  )
}
