import type { IsoDate } from '@shared/domain/dates'
import { toDayNumber } from '@shared/domain/dates'
import { quoteStay, type QuoteOutcome } from '@shared/domain/pricing'
import type { StayRequest } from '@shared/domain/stay-rules'
import { dayAt } from '@shared/calendar/packed-days'
import { rateWindow } from '@shared/calendar/packed-rates'
import type { AvailabilityRepo } from '../repos/availability'
import type { ListingsRepo } from '../repos/listings'
import type { RatesRepo } from '../repos/rates'

/**
 * The offline price of one stay with the shared pricing code, as the live quote would answer
 * it from the mirror's data: every miss, or the full breakdown. Undefined for an unknown
 * listing. A listing without a rate record is priced against an empty rate (every night
 * reported as 'no-rate'), so the answer still explains itself.
 */
export function estimateStay(
  repos: { listings: ListingsRepo; availability: AvailabilityRepo; rates: RatesRepo },
  listingId: number,
  stay: StayRequest,
  today: IsoDate
): QuoteOutcome | undefined {
  const listing = repos.listings.get(listingId)
  if (!listing) return undefined
  const days = repos.availability.packed(listingId)
  const packedRates = repos.rates.packed(listingId)
  const from = toDayNumber(stay.from)
  const to = toDayNumber(stay.to)
  const rates = packedRates
    ? { listingId, rate: rateWindow(packedRates, from, to), ...packedRates.rules }
    : { listingId, rate: {} }
  return quoteStay({
    listing,
    rates,
    stay,
    today,
    days: (date) => (days ? dayAt(days, toDayNumber(date)) : undefined)
  })
}
