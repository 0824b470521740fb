/**
 * Motion groups (spec §4): idle, sleepy, tap_body, flick_head, pinch_in, pinch_out, shake.
 * Models name them differently: several put their tap motions in a group named `""`, others in
 * `"null"`, and none has `sleepy`. A lookup falls back so every model still reacts.
 */
import type { MotionEntry } from './settings.js'

export const GROUP = {
  idle: 'idle',
  sleepy: 'sleepy',
  tapBody: 'tap_body',
  flickHead: 'flick_head',
  pinchIn: 'pinch_in',
  pinchOut: 'pinch_out',
  shake: 'shake',
} as const

/** The groups tried, in order, for `name`. */
export function groupFallbacks(name: string): string[] {
  if (name === GROUP.idle) return [GROUP.idle]
  // Sleepy falls back to idle: a model without sleep just keeps idling.
  if (name === GROUP.sleepy) return [GROUP.sleepy, GROUP.idle]
  return [name, '', 'null']
}

/** The motions of the first non-empty group among `name` and its fallbacks (none: empty). */
export function lookupGroup(motions: Readonly<Record<string, readonly MotionEntry[]>>, name: string): { group: string; entries: readonly MotionEntry[] } | undefined {
  for (const group of groupFallbacks(name)) {
    const entries = Object.hasOwn(motions, group) ? motions[group] : undefined
    if (entries?.length) return { group, entries }
  }
  return undefined
}

/** A random index below `length` (random injectable for tests). */
export const pick = (length: number, random: () => number = Math.random): number => Math.min(length - 1, Math.floor(random() * length))
