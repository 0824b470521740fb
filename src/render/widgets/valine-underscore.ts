/**
 * The `underscore` functions the bundled SDK modules call, by name, with the module of
 * underscore's own (`underscore/modules/<module>.js`) that holds each. The build gives the SDK
 * an `underscore` of just these (valine-sdk-plugin.ts), resolved from where the SDK
 * resolves underscore, instead of the whole library. The SDK calls them as `_.name(…)` and
 * through babel's instance helpers (`_.map`, `_.keys`, `_.find`, `_.indexOf`);
 * test/unit/leancloud-slim.test.ts checks this list against the modules in the bundle.
 */
export const UNDERSCORE_FUNCTIONS: Readonly<Record<string, string>> = {
  clone: 'clone',
  contains: 'contains',
  include: 'contains',
  difference: 'difference',
  each: 'each',
  forEach: 'each',
  escape: 'escape',
  extend: 'extend',
  find: 'find',
  first: 'first',
  groupBy: 'groupBy',
  has: 'has',
  indexOf: 'indexOf',
  isArray: 'isArray',
  isBoolean: 'isBoolean',
  isDate: 'isDate',
  isEmpty: 'isEmpty',
  isEqual: 'isEqual',
  isFunction: 'isFunction',
  isNull: 'isNull',
  isNumber: 'isNumber',
  isObject: 'isObject',
  isRegExp: 'isRegExp',
  isString: 'isString',
  isUndefined: 'isUndefined',
  keys: 'keys',
  last: 'last',
  map: 'map',
  mapObject: 'mapObject',
  reject: 'reject',
  rest: 'rest',
  toArray: 'toArray',
  union: 'union',
  uniq: 'uniq',
  uniqueId: 'uniqueId',
}
