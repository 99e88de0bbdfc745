import type { Listing } from '@shared/api/listing.schema'
import type { IsoDate } from '@shared/domain/dates'
import { pickDiscount } from '@shared/domain/discounts'
import { cleaningCharge } from '@shared/domain/fees'
import { eurToCents, sumCents, type Cents } from '@shared/domain/money'
import { additionalGuestCount } from '@shared/domain/pricing'
import type { RateRules } from '../packed-rates'

/**
 * priceStay()'s totalCents (shared/domain/pricing.ts: rental rate after the discount, plus
 * cleaning when it is mandatory; never taxes), composed from the same shared functions. The
 * search needs only the total for each of thousands of results, and priceStay also builds the
 * taxes, instalments and texts and walks the nights twice, which made it 70% of a search.
 * test/integration/db/search-paths.test.ts holds this to quoteStay's total.
 */
export function stayTotalCents(
  listing: Listing,
  rules: RateRules,
  nightlyCents: Cents[],
  nights: IsoDate[],
  persons: number,
  leadDays: number
): Cents {
  const rates = { listingId: listing.id, rate: {}, ...rules }
  const baseRentCents = sumCents(nightlyCents)
  const extraGuests = additionalGuestCount(listing, rates, persons)
  const additionalGuestCents = extraGuests
    ? eurToCents(rules.additionalGuests?.price ?? 0) * extraGuests * nightlyCents.length
    : 0
  const discount = pickDiscount(rates, nights, leadDays, baseRentCents + additionalGuestCents)
  const rentalRateCents = baseRentCents + additionalGuestCents - (discount?.cents ?? 0)
  const cleaning = cleaningCharge(rules.cleaning ?? listing.cleaning)
  return rentalRateCents + (cleaning.basis === 'mandatory' ? cleaning.cents : 0)
}
