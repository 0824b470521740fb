/**
 * One repository's worth of in-memory data that every platform fake keeps: users, their
 * tokens, issues, comments and reactions. Each fake renders these in its platform's shapes.
 * Reaction names are GitHub's (`+1`, `-1`, `heart`, …); the GitLab fake maps them to its award
 * emoji names. Times advance a second per record, so orderings are stable.
 */
import { marked } from 'marked'

export interface FakeUser {
  id: number
  login: string
  name: string
}

export interface FakeIssue {
  id: number
  number: number
  title: string
  body: string
  labels: string[]
  author: string
  createdAt: string
  updatedAt: string
}

export interface FakeComment {
  id: number
  issue: number
  body: string
  /** The platform's rendered HTML when a test wants it exact (hostile HTML, say); else rendered from `body`. */
  html?: string
  author: string
  createdAt: string
  updatedAt: string
}

export interface FakeReaction {
  id: number
  comment: number
  user: string
  content: string
  createdAt: string
}

export interface SeedIssue {
  title: string
  body?: string
  labels?: string[]
  author?: string
  number?: number
}

export interface SeedComment {
  body: string
  author: string
  html?: string
}

export const renderMarkdown = (text: string): string => (marked.parse(text, { async: false, gfm: true }) as string).trim()

export class Repo {
  readonly users = new Map<string, FakeUser>()
  readonly tokens = new Map<string, string>()
  readonly issues: FakeIssue[] = []
  readonly comments: FakeComment[] = []
  readonly reactions: FakeReaction[] = []
  private seq = 0
  private clock = Date.parse('2026-01-01T00:00:00Z')

  constructor(
    readonly owner: string,
    readonly name: string,
    private readonly prefix: string,
  ) {
    this.addUser(owner)
  }

  nextId(): number {
    return ++this.seq
  }

  now(): string {
    this.clock += 1000
    return new Date(this.clock).toISOString()
  }

  addUser(login: string, name = login): FakeUser {
    const existing = this.users.get(login)
    if (existing) return existing
    const user = { id: 1000 + this.users.size, login, name }
    this.users.set(login, user)
    return user
  }

  /** A valid access token for `login` (created when missing). */
  token(login: string): string {
    this.addUser(login)
    const token = `${this.prefix}_${login}_${this.nextId()}_${Math.random().toString(36).slice(2, 10)}`
    this.tokens.set(token, login)
    return token
  }

  userOf(token: string | undefined): FakeUser | undefined {
    const login = token ? this.tokens.get(token) : undefined
    return login ? this.users.get(login) : undefined
  }

  addIssue(seed: SeedIssue): FakeIssue {
    const author = seed.author ?? this.owner
    this.addUser(author)
    const at = this.now()
    const number = seed.number ?? Math.max(0, ...this.issues.map((i) => i.number)) + 1
    const issue = { id: this.nextId(), number, title: seed.title, body: seed.body ?? '', labels: seed.labels ?? ['Vssue'], author, createdAt: at, updatedAt: at }
    this.issues.push(issue)
    return issue
  }

  issue(number: number | string): FakeIssue | undefined {
    return this.issues.find((i) => String(i.number) === String(number))
  }

  addComment(issue: number, seed: SeedComment): FakeComment {
    this.addUser(seed.author)
    const at = this.now()
    const comment = { id: this.nextId(), issue, body: seed.body, html: seed.html, author: seed.author, createdAt: at, updatedAt: at }
    this.comments.push(comment)
    return comment
  }

  comment(id: number | string): FakeComment | undefined {
    return this.comments.find((c) => String(c.id) === String(id))
  }

  commentsOf(issue: number): FakeComment[] {
    return this.comments.filter((c) => c.issue === issue)
  }

  editComment(comment: FakeComment, body: string): void {
    comment.body = body
    comment.html = undefined
    comment.updatedAt = this.now()
  }

  deleteComment(comment: FakeComment): void {
    this.comments.splice(this.comments.indexOf(comment), 1)
    for (let i = this.reactions.length - 1; i >= 0; i--) if (this.reactions[i].comment === comment.id) this.reactions.splice(i, 1)
  }

  htmlOf(comment: FakeComment): string {
    return comment.html ?? renderMarkdown(comment.body)
  }

  /** Adds a reaction; the existing one when this user already gave it. */
  react(comment: number, user: string, content: string): { reaction: FakeReaction; created: boolean } {
    const existing = this.reactions.find((r) => r.comment === comment && r.user === user && r.content === content)
    if (existing) return { reaction: existing, created: false }
    this.addUser(user)
    const reaction = { id: this.nextId(), comment, user, content, createdAt: this.now() }
    this.reactions.push(reaction)
    return { reaction, created: true }
  }

  reactionsOf(comment: number): FakeReaction[] {
    return this.reactions.filter((r) => r.comment === comment)
  }

  isAdmin(login: string): boolean {
    return login === this.owner
  }
}
