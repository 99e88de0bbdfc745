import type { AvailabilityRecord } from '@shared/api/availability.schema'
import type { Listing } from '@shared/api/listing.schema'
import type { RateRecord } from '@shared/api/rate.schema'
import { addDays, daysBetween, type IsoDate } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import { checkStayRules } from '@shared/domain/stay-rules'
import { GLANCE_MISSING_WORDS, type ListingGlance } from '@shared/ipc/listings.schema'

/**
 * The Listings table's figures at a glance worked out straight from a listing's records as the
 * service sends them (the sandbox's own, sandbox.store), without the packed codecs or the
 * listing index: the lowest rate of the open nights among the next 30 from today, and the first
 * day a stay of the minimum length passes the shared stay rules (the active flag aside) with a
 * rate for every night. The tests hold the app's figures to this.
 */
export function glanceTruth(
  listing: Pick<Listing, 'advanceNotice'> | undefined,
  availability: AvailabilityRecord | undefined,
  rates: RateRecord | undefined,
  today: IsoDate
): ListingGlance {
  const days = availability?.availability ?? {}
  const rate = rates?.rate ?? {}
  let open = 0
  let lowest: number | null = null
  for (let i = 0; i < 30; i++) {
    const night = addDays(today, i)
    if (days[night]?.available !== true) continue
    open++
    if (rate[night] !== undefined) {
      const cents = eurToCents(rate[night])
      if (lowest === null || cents < lowest) lowest = cents
    }
  }
  let unrated = false
  let arrival: { date: IsoDate; nights: number } | null = null
  for (const date of Object.keys(days).sort()) {
    if (daysBetween(today, date) < 0) continue
    const nights = Math.max(days[date].minStay, 1)
    const stay = { from: date, to: addDays(date, nights), adults: 1 }
    const misses = checkStayRules(
      { advanceNotice: listing?.advanceNotice },
      (d) => days[d],
      stay,
      today
    )
    if (misses.length > 0) continue
    let priced = true
    for (let i = 0; i < nights; i++) if (rate[addDays(date, i)] === undefined) priced = false
    if (!priced) {
      unrated = true
      continue
    }
    arrival = { date, nights }
    break
  }
  const why = unrated ? 'no-rate' : 'none-open'
  return {
    lowestCents: lowest,
    lowestMissing: lowest !== null ? null : open === 0 ? 'none-open' : 'no-rate',
    nextArrival: arrival?.date ?? null,
    minStayNights: arrival?.nights ?? null,
    arrivalMissing: arrival ? null : why
  }
}

/** The three CSV cells of the figures, as the export writes them. */
export function glanceCsvCells(g: ListingGlance): string[] {
  const missing = (w: ListingGlance['lowestMissing']) => GLANCE_MISSING_WORDS[w ?? 'none-open']
  return [
    g.lowestCents === null ? missing(g.lowestMissing) : (g.lowestCents / 100).toFixed(2),
    g.minStayNights === null ? missing(g.arrivalMissing) : String(g.minStayNights),
    g.nextArrival ?? missing(g.arrivalMissing)
  ]
}
