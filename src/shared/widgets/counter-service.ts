/** A visitor counter's service, as the site data lists it: a comment service and the credentials it is asked with. */
export interface CounterService {
  /** The comment service (`serverURLs`); `/1.1/…` is appended. */
  serverURLs: string
  appId: string
  appKey: string
}
