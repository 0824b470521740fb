import type { Check } from './schema.js'
import { arrayOf, boolean, literal, number, object, oneOf, recordOf, string, tuple } from './schema.js'
import type { Problem } from './schema.js'

const headTag: Check = (v, p) => {
  if (!Array.isArray(v) || v.length < 2 || v.length > 3) return [{ path: p, message: 'must be [tag, attributes] or [tag, attributes, content]' }]
  return [...string(v[0], `${p}[0]`), ...recordOf(oneOf('a string or boolean', (x) => (typeof x === 'boolean' ? boolean : string)))(v[1], `${p}[1]`), ...(v.length === 3 ? string(v[2], `${p}[2]`) : [])]
}

const navLink = object({ text: string, link: string }, { required: ['text', 'link'] })
const navItem = oneOf('a link {text, link} or a group {text, items}', (v) =>
  typeof v === 'object' && v !== null && 'items' in v ? object({ text: string, items: arrayOf(navLink) }, { required: ['text', 'items'] }) : navLink,
)

const sidebarItem: Check = (v, p) =>
  oneOf('a path string, a [path, title] pair or a group {title, children}', (x) => {
    if (typeof x === 'string') return string
    if (Array.isArray(x)) return tuple(string, string)
    if (typeof x === 'object' && x !== null)
      return object(
        { title: string, path: string, children: arrayOf(sidebarItem), sidebarDepth: number, collapsable: boolean },
        { required: ['title'] },
      )
    return undefined
  })(v, p)

const sidebar = oneOf("'auto', false, a list of items or an object of path prefix → list", (v) => {
  if (v === 'auto' || v === false) return literal('auto', false)
  if (Array.isArray(v)) return arrayOf(sidebarItem)
  if (typeof v === 'object' && v !== null) return recordOf(arrayOf(sidebarItem))
  return undefined
})

const themeConfig = object({
  nav: arrayOf(navItem),
  sidebar,
  sidebarDepth: number,
  author: string,
  search: boolean,
  searchMaxSuggestions: number,
  smoothScroll: boolean,
  lastUpdated: oneOf('a label string or false', (v) => (v === false ? literal(false) : string)),
  comments: object({ enabled: boolean, solution: literal('', 'valine', 'vssue'), options: recordOf(() => []) }),
  email: object({ enabled: boolean }),
  feeds: object({ rss: boolean, atom: boolean, json: boolean }),
  authorLinks: arrayOf(navLink),
})

export const siteConfigCheck = object({
  title: string,
  description: string,
  base: (v, p) =>
    typeof v === 'string' && v.startsWith('/') && v.endsWith('/') ? [] : [{ path: p, message: `must start and end with "/" (like "/gpt/"), got ${JSON.stringify(v)}` }],
  hostname: (v, p) =>
    typeof v === 'string' && (v === '' || /^https?:\/\/[^/]+$/.test(v)) ? [] : [{ path: p, message: `must be an origin like "https://example.com" (no path, no trailing slash), got ${JSON.stringify(v)}` }],
  lang: string,
  head: arrayOf(headTag),
  locales: recordOf(object({ lang: string, title: string, description: string })),
  themeConfig,
})

export function validateConfig(user: unknown): Problem[] {
  return siteConfigCheck(user, '')
}
