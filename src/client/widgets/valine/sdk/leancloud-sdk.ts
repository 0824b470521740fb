/**
 * The `leancloud-storage` 4.x SDK as widget A bundles it: the SDK's own modules (its Node
 * build, `dist/node/*.js`, one module per feature), composed the way `dist/node/index.js`
 * composes the full SDK but only with what `AV.Object` and `AV.Query` need. Loaded by
 * `load-sdk.ts` as a chunk of its own, only when the comment box mounts.
 *
 * Why not the packaged builds: `leancloud-storage/core` (`dist/av-core.js`) is 64.7 KB gzip and
 * the browser build 80 KB, against widget A's 80 KB budget for SDK, sanitiser and UI together.
 * What is left out, and what stands in:
 *
 * - users, roles, files and their uploaders, live query, push, status, search, leaderboard,
 *   captcha, cloud functions, insight, friendship, `AV.Cache`: not composed. `AV.User`, `AV.Role` and
 *   `AV.File` are classes no value is ever an instance of (`stand-ins.ts`), for the modules'
 *   `instanceof` tests and `request.js`'s `AV.User.currentAsync()`;
 * - the platform adapters: `fetch` instead of superagent (`adapters.ts`);
 * - at build time (src/render/widgets/valine-sdk-plugin.ts): babel's core-js helpers become native
 *   built-ins, `underscore` only the functions the modules call (`src/render/widgets/valine-underscore.ts`), `debug` a
 *   logger that is always off (`debug-off.ts`), the app router a no-op (`app-router-off.ts`:
 *   no request to app-router.com); the modules' platform test reads "Browser".
 *
 * Everything else is the SDK's own code, so requests, encoding, `fetchWhenSave`, batching and
 * `AV.Error` are exactly the SDK's. The browser test `test/e2e/valine-sdk.test.ts` runs it
 * against the comment service.
 */
import AV from 'leancloud-storage/dist/node/av.js'
import AVError from 'leancloud-storage/dist/node/error.js'
import 'leancloud-storage/dist/node/init.js'
import localStorage from 'leancloud-storage/dist/node/localstorage.js'
import version from 'leancloud-storage/dist/node/version.js'
import acl from 'leancloud-storage/dist/node/acl.js'
import event from 'leancloud-storage/dist/node/event.js'
import geopoint from 'leancloud-storage/dist/node/geopoint.js'
import object from 'leancloud-storage/dist/node/object.js'
import op from 'leancloud-storage/dist/node/op.js'
import query from 'leancloud-storage/dist/node/query.js'
import relation from 'leancloud-storage/dist/node/relation.js'
import { browserAdapters } from './adapters.js'
import { File, Role, User } from './stand-ins.js'
import type { AVStatic } from './types.js'

Object.assign(AV, { version, Promise, localStorage, Error: AVError, File, Role, User })
// The order of dist/node/index.js: each module uses the classes of the ones before it.
for (const install of [event, geopoint, acl, op, relation, object, query]) install(AV)
AV.setAdapters(browserAdapters())

export default AV as unknown as AVStatic
