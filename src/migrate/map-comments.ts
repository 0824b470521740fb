import { VALINE_LANGS, valineSchema } from '../shared/widgets/valine.js'
import { vssueSchema } from '../shared/widgets/vssue.js'
import { type Findings, keyPath } from './findings.js'
import { isFunction, isObject } from './values.js'

/** Where the Valine → comment service move is told (the README's section, which leads to docs/comments/leancloud.md). */
export const LEANCLOUD_DOC = 'README.md#moving-off-leancloud'

/** `themeConfig.comments` as the migration writes it. */
export interface CommentsOut {
  enabled: true
  solution: 'valine' | 'vssue'
  valineConfig?: Record<string, unknown>
  vssueConfig?: Record<string, unknown>
}

/** Options of `schema` that gptnotes reads, and the rest reported; `ignored` options (accepted, doing nothing) are dropped too. */
function known(options: Record<string, unknown>, shape: Record<string, { ignored?: boolean }>, from: string, findings: Findings, why: (key: string) => string | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(options)) {
    const at = keyPath(from, key)
    const refused = why(key)
    if (refused) findings.dropped(at, refused.split('|')[0], refused.split('|')[1])
    else if (!(key in shape)) findings.dropped(at, `gptnotes's widget has no option "${key}"`)
    else if (shape[key].ignored) findings.dropped(at, `gptnotes's widget accepts "${key}" and ignores it (it would reach a foreign host, or Valine dropped it)`)
    else if (isFunction(value)) findings.dropped(at, 'a function cannot be carried over here')
    else out[key] = value
  }
  return out
}

/** Valine's options (reco's `valineConfig`, a comments plugin's `options`) as widget A's `valineConfig`. */
export function valineComments(options: unknown, from: string, to: string, findings: Findings): CommentsOut {
  const valineConfig = known(isObject(options) ? options : {}, valineSchema.shape, from, findings, () => undefined)
  // Valine took its languages in any case ('zh-cn'); gptnotes names them as BCP 47 does.
  if (typeof valineConfig.lang === 'string') {
    const lang = VALINE_LANGS.find((l) => l.toLowerCase() === String(valineConfig.lang).toLowerCase())
    if (lang) valineConfig.lang = lang
  }
  if (valineConfig.serverURLs)
    findings.mapped(from, `${to}.valineConfig`, `widget A keeps Valine's options; its comments stay on ${String(valineConfig.serverURLs)} until it is moved`, `LeanCloud stops serving on 2027-01-12: import the comments and point serverURLs at gptnotes proxy (${LEANCLOUD_DOC})`)
  else
    findings.mapped(from, `${to}.valineConfig`, "widget A keeps Valine's options (appId, appKey …); it talks to a gptnotes comment service, set in serverURLs: until then the build writes no comment box (warning CommentsNoService)", `import the LeanCloud comments and set serverURLs to the comment service (${LEANCLOUD_DOC})`)
  return { enabled: true, solution: 'valine', valineConfig }
}

/** Vssue's options as widget B's `vssueConfig`. */
export function vssueComments(options: unknown, from: string, to: string, findings: Findings): CommentsOut {
  const vssueConfig = known(isObject(options) ? options : {}, vssueSchema.shape, from, findings, (key) =>
    key === 'clientSecret'
      ? 'a client secret in the site config is public; gptnotes refuses it|set it on the comment service instead (GITHUB_CLIENT_SECRET, GITEE_CLIENT_SECRET …) and rotate it: it was published'
      : key === 'proxy'
        ? 'the CORS proxy of the original Vssue is replaced by the comment service, which adds the secret itself|run gptnotes proxy with the platform\'s OAuth settings and set vssueConfig.proxy to its address'
        : key === 'api'
          ? 'the platform API package is chosen by `platform`|set platform instead'
          : undefined,
  )
  findings.mapped(from, `${to}.vssueConfig`, "widget B keeps Vssue's options; logging in goes through the comment service")
  return { enabled: true, solution: 'vssue', vssueConfig }
}
