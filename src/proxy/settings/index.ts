// The comment service's settings: the table, how its values are read, and the resolver.
export { ProxyOptionError } from './parse.js'
export { SETTINGS, MODERATION, type Moderation, type Setting } from './table.js'
export { checkNotificationRules, checkServingRules, type SettingWarning } from './rules.js'
export { PROXY_DEFAULTS, proxyOptions, resolveProxyOptions, type ProxyFlags, type ProxyLimits, type ProxyOptions, type ProxyOptionSources } from './resolve.js'
