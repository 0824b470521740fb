/*
 * The SDK's app router, off. Given no `serverURLs`, the SDK's `init` asks LeanCloud's router
 * (https://app-router.com) which domains an international app uses; widget A always gives the
 * comment service's address, and an app without one keeps the SDK's default domains
 * (`<id>.api.lncldglobal.com`). So the router never runs, and the bundled code holds no request
 * to a host the site did not configure. The build maps `init.js`'s `require('./app-router')`
 * here (src/render/widgets/valine-sdk-plugin.ts).
 */
export class AppRouterOff {
  refresh(): void {}
  disable(): void {}
}
