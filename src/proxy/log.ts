/** One structured log line. Never holds personal data: no IP, e-mail, nick or comment text. */
export type ProxyLog = (entry: { level: 'info' | 'warn' | 'error'; event: string } & Record<string, unknown>) => void

/** The default log: one JSON line per event on the error stream (stdout stays the CLI's). */
export const jsonLog: ProxyLog = (entry) => console.error(JSON.stringify({ time: new Date().toISOString(), ...entry }))
