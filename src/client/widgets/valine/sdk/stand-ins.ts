/*
 * The smallest stand-ins for the SDK classes widget A does not use but the bundled modules
 * name. `object.js`, `av.js` and `acl.js` test values with `instanceof AV.File`, `AV.User`,
 * `AV.Role`, so each must be a class; none of the service's answers holds a file, a user or a
 * role, so no value is ever an instance of one. `request.js` asks `AV.User.currentAsync()` for
 * a session unless `disableCurrentUser` is set: there is never a logged-in user here.
 */

class NotBundled {
  constructor() {
    throw new Error('This part of the LeanCloud SDK is not bundled with the comment widget')
  }
}

export const File = class File extends NotBundled {}

export const Role = class Role extends NotBundled {}

export const User = class User extends NotBundled {
  static current(): null {
    return null
  }
  static currentAsync(): Promise<null> {
    return Promise.resolve(null)
  }
}
