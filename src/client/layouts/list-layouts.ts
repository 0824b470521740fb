/**
 * The layouts of the home page and the list pages (tags, categories, their pages, the timeline),
 * one chunk of their own: an article's first load does not carry them (see route-layout.tsx).
 */
export { Home } from './home.js'
export { Categories, Category, Tag, Tags, Timeline } from './lists.js'
