import type { BookingDetails } from '@shared/api/booking.schema'
import type { Listing } from '@shared/api/listing.schema'
import type { RateRecord } from '@shared/api/rate.schema'
import { priceAtBooking, type RecordedChange } from '@shared/watch/price-at-booking'
import type { BookingPriceAtBooking } from '@shared/watch/price-at-booking.schema'
import type { Mirror, SyncCursor } from '../../db'
import { DEFAULT_HISTORY_RETENTION } from '../../db/repos/history'
import { AppError } from '../../errors'
import { DEFAULT_OVERLAP_S } from '../../sync/engine'
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
  const { listingId, listingName } = kept.summary
  return priceOfKept(
    mirrorPriceReads(mirror),
    { booking: kept.booking, listingId, listingName },
    ctx.now()
  )
}

/**
 * What pricing a kept booking at booking reads of the copy: the mirror's own repos (the booking
 * page), or the watch's own connection to the same files (the watch pass: store.ts).
 */
export interface PriceReads {
  listing(listingId: number): Listing | undefined
  rates(listingId: number): RateRecord | undefined
  /** The listing's recorded changes of one resource, newest first, at most `limit`. */
  changes(listingId: number, resource: 'rates' | 'listings', limit: number): RecordedChange[]
  /** When each of the listing's records last changed in the copy (null: none kept). */
  seenAt(listingId: number): {
    listings: number | null
    availability: number | null
    rates: number | null
  }
  /** The rates' sync cursor (the service's clock: serviceClockOf). */
  ratesCursor(): SyncCursor | undefined
}

function mirrorPriceReads(mirror: Mirror): PriceReads {
  return {
    listing: (id) => mirror.listings.get(id),
    rates: (id) => mirror.calendars.rates(id),
    changes: (id, resource, limit) =>
      mirror.history
        .ofListing(id, { resource, limit })
        .map((e) => ({ key: e.key, old: e.old, seenAt: e.seenAt })),
    seenAt: (id) => mirror.kept.seenAt(id),
    ratesCursor: () => mirror.sync.cursor('rates')
  }
}

/** A kept booking's price at booking, from whichever connection reads the copy. */
export function priceOfKept(
  reads: PriceReads,
  kept: { booking: BookingDetails; listingId: number | null; listingName: string | null },
  now: number
): BookingPriceAtBooking {
  const { booking, listingId } = kept
  const changes = (resource: 'rates' | 'listings'): RecordedChange[] =>
    listingId === null ? [] : reads.changes(listingId, resource, CHANGES_READ)
  const rateChanges = changes('rates')
  const listingChanges = changes('listings')
  const seen = listingId === null ? null : reads.seenAt(listingId)
  return priceAtBooking({
    bookingId: booking.id,
    booking,
    listingId,
    listingName: kept.listingName,
    listing: listingId === null ? undefined : reads.listing(listingId),
    rates: listingId === null ? undefined : reads.rates(listingId),
    rateChanges,
    listingChanges,
    historyStartsAt:
      seen === null
        ? null
        : historyStart(seen, { rates: rateChanges, listings: listingChanges }, now),
    ratesSeenAt: seen?.rates ?? null,
    serviceClock: serviceClockOf(reads.ratesCursor())
  })
}

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
function serviceClockOf(
  c: SyncCursor | undefined
): { aheadMs: number; uncertaintyMs: number } | undefined {
  if (c?.phase !== 'delta' || c.deltaSince === undefined || c.lastSuccessAt === undefined) {
    return undefined
  }
  return {
    aheadMs: (c.deltaSince + DEFAULT_OVERLAP_S) * 1000 - c.lastSuccessAt,
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
function historyStart(
  seen: ReturnType<PriceReads['seenAt']>,
  changes: { rates: readonly RecordedChange[]; listings: readonly RecordedChange[] },
  now: number
): number | null {
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
