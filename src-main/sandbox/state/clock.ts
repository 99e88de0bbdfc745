import { isIsoDate } from '@shared/domain/dates'

/**
 * The sandbox clock: starts at 10:00:00 UTC on `today` and runs with real time from there;
 * `advance(ms)` moves it forward, never back. Without `today` (the demo, and every run on the
 * real date) it starts at 10:00 UTC today or at the real time, whichever is later: a client
 * compares the service's deadlines (a payment's expiresAt) with its own clock, so the service
 * must not run behind it, or in the evening every demo booking awaiting payment would look
 * expired to the app while the sandbox still held it open.
 */

export const DAY_MS = 86_400_000

export interface SandboxClock {
  /** Epoch milliseconds of the start (10:00 UTC on `today`, or later: see createClock). */
  readonly startMs: number
  now(): number
  nowSeconds(): number
  /** Day number (days since 1970-01-01) of the sandbox's current today. */
  todayDay(): number
  advance(ms: number): void
}

export function createClock(today?: string): SandboxClock {
  const today0 = today ?? new Date().toISOString().slice(0, 10)
  if (!isIsoDate(today0)) throw new RangeError(`today must be YYYY-MM-DD: ${today0}`)
  const realStart = Date.now()
  const tenAm = Date.parse(`${today0}T10:00:00Z`)
  const startMs = today === undefined ? Math.max(tenAm, realStart) : tenAm
  let offsetMs = 0
  const now = (): number => startMs + (Date.now() - realStart) + offsetMs
  return {
    startMs,
    now,
    nowSeconds: () => Math.floor(now() / 1000),
    todayDay: () => Math.floor(now() / DAY_MS),
    advance(ms) {
      if (!(ms >= 0)) throw new RangeError('the sandbox clock only moves forward')
      offsetMs += ms
    }
  }
}
