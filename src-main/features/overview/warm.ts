import { utcDateOf } from '@shared/domain/dates'
import type { Mirror } from '../../db'

/** A mirror just opened is busy with the screen's first reads: the overview waits its turn. */
export const WARM_AFTER_OPEN_MS = 2_000

export interface OverviewWarmer {
  /** Brings the profile's overview up to date in `afterMs`, if its mirror is then the open one. */
  schedule(profileId: string, afterMs: number): void
  /** Drops what is scheduled; nothing is scheduled after. */
  close(): void
}

/**
 * The overview's figures worked out off the screen's time: when a profile's mirror opens and
 * after each of its syncs, so the Overview's first read answers from what the mirror keeps
 * (db/queries/overview.ts: after a sync only the listings it changed are worked out again).
 */
export function overviewWarmer(deps: {
  /** The profile's mirror when it is the open one, else undefined. */
  mirrorOf(profileId: string): Promise<Mirror | undefined>
  now(): number
  log(message: string, err?: unknown): void
}): OverviewWarmer {
  const timers = new Set<NodeJS.Timeout>()
  let closed = false
  return {
    schedule: (profileId, afterMs) => {
      if (closed) return
      const timer = setTimeout(() => {
        timers.delete(timer)
        void deps
          .mirrorOf(profileId)
          .then((mirror) =>
            closed ? undefined : mirror?.calendars.overview(utcDateOf(deps.now()))
          )
          .catch((err: unknown) => deps.log('the overview could not be brought up to date', err))
      }, afterMs)
      timer.unref()
      timers.add(timer)
    },
    close: () => {
      closed = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    }
  }
}
