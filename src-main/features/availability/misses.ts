import { daysBetween, type IsoDate } from '@shared/domain/dates'
import type { StayRequest } from '@shared/domain/stay-rules'
import type { MissesOf } from '../../db/queries/available-full'
import type { Mirror } from '../../db'
import { AppError } from '../../errors'

/**
 * "Why not bookable" over the whole portfolio: every listing judged by the shared stay rules,
 * as the mirror's general search path judges it (db/queries/available-full.ts), but a slice of
 * listings at a time with a turn of the event loop between slices. At 10,000 listings the pass
 * takes most of a second; in one piece it held main's thread, so the search answer and every
 * other IPC call queued behind it.
 */

/** Listings per slice: a few tens of milliseconds of work, so main answers others in between. */
const MISSES_SLICE = 250

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Calls `each` with the reasons of every listing `keep` accepts (no codes: bookable; the words
 * built only when asked for), in ascending id order. A sync committing between slices may leave the pass reading some
 * listings before and some after it; the commit's db:changed re-runs the question anyway.
 */
export async function judgeMisses(
  mirror: Mirror,
  stay: StayRequest,
  today: IsoDate,
  keep: (id: number) => boolean,
  each: MissesOf,
  slice = MISSES_SLICE
): Promise<void> {
  // daysBetween throws on a malformed date, as the shared rules would.
  daysBetween(stay.from, stay.to)
  let after: number | undefined = Number.MIN_SAFE_INTEGER
  for (;;) {
    if (!mirror.isOpen()) {
      throw new AppError('aborted', 'The offline copy was closed before every listing was judged.')
    }
    after = mirror.calendars.missesSlice({ stay, today }, after, slice, keep, each)
    if (after === undefined) return
    await nextTurn()
  }
}
