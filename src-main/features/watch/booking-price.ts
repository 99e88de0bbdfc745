import type { SyncResourceName } from '@shared/ipc/sync.schema'
import { priceAtBooking, type RecordedChange } from '@shared/watch/price-at-booking'
import type { BookingPriceAtBooking } from '@shared/watch/price-at-booking.schema'
import type { Mirror } from '../../db'
import { DEFAULT_HISTORY_RETENTION } from '../../db/repos/history'
import { AppError } from '../../errors'
import type { ProfileContext } from '../context'

/**
 * 'watch:booking-price': a kept booking's price at the rates of the day it was made, from the
 * active profile's mirror alone (works offline). The logic is src-shared/watch/price-at-booking.ts;
 * this reads the kept booking, the listing's record and rates now, their recorded changes, and
 * since when that record of changes is complete.
 */

/** More changes than one listing's history holds in 90 days of five-minute syncs, as a bound. */
const CHANGES_READ = 50_000

export async function bookingPriceAtBooking(
  ctx: Pick<ProfileContext, 'mirror' | 'now'>,
  { bookingId }: { bookingId: string }
): Promise<BookingPriceAtBooking> {
  const mirror = await ctx.mirror()
  const kept = mirror.bookings.get(bookingId)
  if (!kept) {
    throw new AppError(
      'not-found',
      `Booking ${bookingId} is not kept in this profile’s offline copy.`
    )
  }
  const listingId = kept.summary.listingId
  const changes = (resource: SyncResourceName): RecordedChange[] =>
    listingId === null
      ? []
      : mirror.history
          .ofListing(listingId, { resource, limit: CHANGES_READ })
          .map((e) => ({ key: e.key, old: e.old, seenAt: e.seenAt }))
  const rateChanges = changes('rates')
  const listingChanges = changes('listings')
  return priceAtBooking({
    bookingId: kept.booking.id,
    booking: kept.booking,
    listingId,
    listingName: kept.summary.listingName,
    listing: listingId === null ? undefined : mirror.listings.get(listingId),
    rates: listingId === null ? undefined : mirror.calendars.rates(listingId),
    rateChanges,
    listingChanges,
    historyStartsAt:
      listingId === null
        ? null
        : historyStart(
            mirror,
            listingId,
            { rates: rateChanges, listings: listingChanges },
            ctx.now()
          ),
    ratesSeenAt: listingId === null ? null : mirror.kept.seenAt(listingId).rates,
    serviceClock: serviceClockOf(mirror)
  })
}

/** The sync engine's delta overlap (src-main/sync/engine.ts, DEFAULT_OVERLAP_S). */
const OVERLAP_S = 120
/**
 * What the measure leaves open: it falls short by the delta walk's length (a second or so) and
 * by the service's whole seconds, never the other way.
 */
const CLOCK_UNCERTAINTY_MS = 3_000

/**
 * How far the service's clock runs ahead of this computer's, from the last complete delta of
 * the rates: its watermark is the service's time when the walk started (less the overlap), and
 * lastSuccessAt this computer's when it ended. Null (taken as 0) before a delta completed. The
 * demo's sandbox runs from 10:00 UTC when started earlier in the day (docs/sandbox.md, Clock), so
 * its bookings' times can be hours ahead of the history's; a real service's differ by seconds.
 */
export function serviceClockOf(
  mirror: Pick<Mirror, 'sync'>
): { aheadMs: number; uncertaintyMs: number } | undefined {
  const c = mirror.sync.cursor('rates')
  if (c?.phase !== 'delta' || c.deltaSince === undefined || c.lastSuccessAt === undefined) {
    return undefined
  }
  return {
    aheadMs: (c.deltaSince + OVERLAP_S) * 1000 - c.lastSuccessAt,
    uncertaintyMs: CLOCK_UNCERTAINTY_MS
  }
}

/**
 * Since when the mirror's record of this listing's rate and listing changes is complete. A full
 * download records no history, deltas record every change they write (db/commit-page.ts), and
 * a write that changes nothing writes nothing. So:
 * - when the rates or the listing were last written without a change recorded at that moment
 *   (a full download, or a delta that only moved the window's edges), the record is complete
 *   from that write on, and nothing before it is known;
 * - otherwise the last writes were deltas, complete back to the listing's first download: the
 *   earliest write the copy still shows (any of its three records) or its earliest recorded
 *   change, but no further back than the history's retention (90 days), which prunes older
 *   changes.
 * A full download forced later, followed by deltas, is not told apart (the mirror does not keep
 * when full downloads ran): see docs in the report.
 */
export function historyStart(
  mirror: Pick<Mirror, 'kept'>,
  listingId: number,
  changes: { rates: readonly RecordedChange[]; listings: readonly RecordedChange[] },
  now: number
): number | null {
  const seen = mirror.kept.seenAt(listingId)
  if (seen.rates === null || seen.listings === null) return null
  const recorded = (list: readonly RecordedChange[], at: number) =>
    list.some((c) => c.seenAt === at)
  const lastFull = [
    ...(recorded(changes.rates, seen.rates) ? [] : [seen.rates]),
    ...(recorded(changes.listings, seen.listings) ? [] : [seen.listings])
  ]
  if (lastFull.length > 0) return Math.max(...lastFull)
  const earliest = Math.min(
    ...[seen.listings, seen.availability, seen.rates].filter((at): at is number => at !== null),
    ...changes.rates.map((c) => c.seenAt),
    ...changes.listings.map((c) => c.seenAt)
  )
  return Math.max(earliest, now - DEFAULT_HISTORY_RETENTION.maxAgeMs)
}
