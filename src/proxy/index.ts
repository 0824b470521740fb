/**
 * `gptnotes/proxy`: the comment service for operators who deploy it themselves. Web-standard,
 * so it bundles for edge runtimes too: the app factory, its settings and the D1 store. The
 * Node pieces (the server of `gptnotes proxy`, the SQLite and PostgreSQL stores) are
 * `gptnotes/proxy/node`, so an edge bundle never meets a native module.
 */
export { createProxyApp, jsonLog, LEANCLOUD_HEADERS, type CreateProxyAppOptions, type ProxyLog } from './app.js'
export { resolveProxyOptions, proxyOptions, ProxyOptionError, PROXY_DEFAULTS, type ProxyOptions, type ProxyLimits, type ProxyFlags, type ProxyOptionSources, type Moderation } from './options.js'
export { openD1Store, type D1Binding } from './stores/d1.js'
export type * from './stores/store.js'
