import type { Cleaning, Fee } from '../api/listing.schema'
import { eurToCents, percentOf, type Cents } from './money'

/**
 * Fees that sit beside the rental rate: cleaning and the taxes paid at check-in. How each
 * `feeBasis` multiplies a fee is documented in docs/pricing.md, "Taxes and local tax".
 */

/** What a fee basis can multiply by. */
export interface FeeCounts {
  nights: number
  persons: number
  adults: number
  /** Base of '% of Rental Amount': the rental rate after discount. */
  rentalRateCents: Cents
}

export interface FeeLine {
  name: string
  feeBasis?: string
  cents: Cents
}

/**
 * The service's own spelling varies in case and spacing around the slash in other fields, so
 * bases are compared normalised: lower case, single spaces, no spaces around '/'.
 */
export function normaliseFeeBasis(basis: string): string {
  return basis
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/ ?\/ ?/g, '/')
}

type Multiplier = (c: FeeCounts) => number

const once: Multiplier = () => 1

const MULTIPLIERS = new Map<string, Multiplier>([
  ['per stay', once],
  ['per unit', once],
  ['per person', (c) => c.persons],
  ['per person/stay', (c) => c.persons],
  ['per person/night', (c) => c.persons * c.nights],
  ['per person/day', (c) => c.persons * c.nights],
  ['per adult/day', (c) => c.adults * c.nights],
  ['per adult/stay', (c) => c.adults],
  ['per day', (c) => c.nights]
])

const PERCENT_OF_RENTAL = '% of rental amount'

/** True when the fee's amount is a percentage of the rent rather than euros. */
export function isPercentOfRental(feeBasis: string | null | undefined): boolean {
  return typeof feeBasis === 'string' && normaliseFeeBasis(feeBasis) === PERCENT_OF_RENTAL
}

/** True when `feeBasis` is one this module prices by rule (anything else is charged once). */
export function isKnownFeeBasis(feeBasis: string): boolean {
  const key = normaliseFeeBasis(feeBasis)
  return key === PERCENT_OF_RENTAL || MULTIPLIERS.has(key)
}

/**
 * One fee for the whole stay. `fee` is EUR, except under '% of Rental Amount' where it is a
 * percentage. A missing or unknown basis is charged once per stay: the guest sees the amount
 * the property manager typed instead of a guessed multiple of it.
 */
export function feeCents(fee: Fee, counts: FeeCounts): Cents {
  const key = normaliseFeeBasis(fee.feeBasis ?? '')
  if (key === PERCENT_OF_RENTAL) return percentOf(counts.rentalRateCents, fee.fee)
  const times = (MULTIPLIERS.get(key) ?? once)(counts)
  return eurToCents(fee.fee) * times
}

export function feeLine(fee: Fee, counts: FeeCounts): FeeLine {
  const line: FeeLine = { name: fee.name, cents: feeCents(fee, counts) }
  if (fee.feeBasis !== undefined) line.feeBasis = fee.feeBasis
  return line
}

export interface CleaningCharge {
  basis: string
  cents: Cents
}

/**
 * Cleaning as reported: the fee for 'mandatory' and 'optional' (the guest sees what optional
 * cleaning would cost), 0 for 'included'. No cleaning data at all reads as 'included'. Only
 * 'mandatory' reaches the total; that is decided in pricing.ts (spec rule 2).
 */
export function cleaningCharge(cleaning: Cleaning | undefined): CleaningCharge {
  if (!cleaning) return { basis: 'included', cents: 0 }
  const cents = cleaning.feeBasis === 'included' ? 0 : eurToCents(cleaning.fee)
  return { basis: cleaning.feeBasis, cents }
}
