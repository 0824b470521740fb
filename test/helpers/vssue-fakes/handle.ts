/**
 * What every platform fake hands its tests: where it runs, its data and OAuth desk, the request
 * log, and how to seed users, issues and comments. A fake adds what only its platform has.
 */
import type { FakeServer, LoggedRequest } from './core.js'
import type { Repo } from './model.js'
import type { OAuthDesk } from './oauth.js'

export function fakeHandle<P extends string>(platform: P, server: FakeServer, repo: Repo, desk: OAuthDesk, log: LoggedRequest[]) {
  return {
    platform,
    url: server.url,
    owner: repo.owner,
    repo: repo.name,
    client: desk.client,
    data: repo,
    oauth: desk,
    log,
    addUser: (login: string) => repo.addUser(login),
    token: (login: string) => repo.token(login),
    addIssue: (seed: Parameters<Repo['addIssue']>[0]) => repo.addIssue(seed),
    addComment: (issue: number, seed: Parameters<Repo['addComment']>[1]) => repo.addComment(issue, seed),
    close: server.close,
  }
}
