import type { Listing } from '@shared/api/listing.schema'

/**
 * What the search's price estimate reads of a listing (shared pricing code: rules, fees,
 * taxes, discounts). Kept beside the full JSON (migration 0005) so pricing a search result does
 * not parse a whole listing. The cancellation policy is left out: it only adds texts to a
 * breakdown, never an amount, and the search keeps only the total.
 */
const PRICING_FIELDS = [
  'id',
  'active',
  'maxGuest',
  'advanceNotice',
  'bookingType',
  'cleaning',
  'taxes',
  'localTax',
  'securityDeposit',
  'extras',
  'specialRates',
  'basicRates'
] as const

export function pricingSubset(listing: Listing): Listing {
  const full = listing as Record<string, unknown>
  const picked: Record<string, unknown> = {}
  for (const f of PRICING_FIELDS) if (full[f] !== undefined) picked[f] = full[f]
  return picked as Listing
}
