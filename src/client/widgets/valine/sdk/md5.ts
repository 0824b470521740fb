/*
 * The SDK's `require('md5')` (it signs each request: `X-LC-Sign: md5(timestamp + appKey),timestamp`)
 * is mapped here by the build, instead of the `md5` package with its `crypt`, `charenc` and
 * `is-buffer` helpers (2.6 KB gzip). The one MD5 lives in src/shared; checked against
 * node:crypto in test/unit/leancloud-slim.test.ts.
 */
export { md5 } from '../../../../shared/encoding/md5.js'
