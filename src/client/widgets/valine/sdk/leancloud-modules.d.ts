/*
 * Types for the `leancloud-storage` SDK's own CommonJS modules (`dist/node/*.js`, untyped) that
 * `leancloud-sdk.ts` composes. Only what the composition touches: the SDK object is extended in
 * place by each module, and the widget sees it through `types.ts`.
 */

declare module 'leancloud-storage/dist/node/av.js' {
  /** The SDK object; each feature module adds its part. */
  const AV: { [key: string]: unknown; setAdapters(adapters: object): void }
  export default AV
}

declare module 'leancloud-storage/dist/node/version.js' {
  const version: string
  export default version
}

declare module 'leancloud-storage/dist/node/init.js' {}

declare module 'leancloud-storage/dist/node/error.js' {
  const AVError: new (code: number, message: string) => Error & { code: number }
  export default AVError
}

declare module 'leancloud-storage/dist/node/localstorage.js' {
  const localStorage: object
  export default localStorage
}

/** A feature module (`event.js`, `object.js`, `query.js`…): adds its classes to the SDK object. */
declare module 'leancloud-storage/dist/node/*.js' {
  const install: (AV: object) => void
  export default install
}
