import type { AvailabilityRecord } from '@shared/api/availability.schema'
import type { Listing } from '@shared/api/listing.schema'
import type { RateRecord } from '@shared/api/rate.schema'
import { addDays, daysBetween, type IsoDate } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import { stayDates, stayMissCodes } from '@shared/domain/stay-rules'
import { GLANCE_MISSING_WORDS, type ListingGlance } from '@shared/ipc/listings.schema'

/**
 * The Listings table's figures at a glance worked out straight from a listing's records as the
 * service sends them (the sandbox's own, sandbox.store), without the packed codecs or the
 * listing index: the lowest rate of the open nights among the next 30 from today, and the first
 * day from which a stay of SOME length passes the shared stay rules (stayMissCodes, the active
 * flag and the guests aside) with a rate for every night, as the availability search judges it.
 * Every length from one night up is judged, until a rule that no longer stay can pass breaks
 * (a night not open, the maximum stay, the advance notice) or a night without a rate (every
 * longer stay has it too). The minimum stay is the arrival day's rule (at least 1). The tests
 * hold the app's figures to this.
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
  const lookup = (d: IsoDate) => days[d]
  const rules = { advanceNotice: listing?.advanceNotice }
  const final = new Set(['not-available', 'max-stay', 'advance-notice'])
  dates: for (const date of Object.keys(days).sort()) {
    if (daysBetween(today, date) < 0) continue
    for (let nights = 1; ; nights++) {
      const stay = { from: date, to: addDays(date, nights), adults: 1 }
      const codes = stayMissCodes(rules, lookup, stay, stayDates(stay, today))
      if (codes.some((c) => final.has(c))) break
      if (codes.length > 0) continue
      const nightDates = Array.from({ length: nights }, (_, i) => addDays(date, i))
      if (nightDates.some((night) => rate[night] === undefined)) {
        unrated = true
        break
      }
      arrival = { date, nights: Math.max(days[date].minStay, 1) }
      break dates
    }
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

/**
 * The five CSV cells of the figures, as the export writes them: numbers and dates, or empty with
 * the reason in words in a column of its own.
 */
export function glanceCsvCells(g: ListingGlance): string[] {
  const missing = (w: ListingGlance['lowestMissing']) => (w === null ? '' : GLANCE_MISSING_WORDS[w])
  return [
    g.lowestCents === null ? '' : (g.lowestCents / 100).toFixed(2),
    missing(g.lowestMissing),
    g.minStayNights === null ? '' : String(g.minStayNights),
    g.nextArrival ?? '',
    missing(g.arrivalMissing)
  ]
}
