import type { Cleaning, Fee } from '@shared/api'
import { eurInCents, percentOfCents } from './amounts'

/**
 * Charges beside the rental rate, as the sandbox's service prices them: the taxes and local tax
 * paid at check-in (spec, Pricing rule 3: never in the total) and cleaning (rule 2: in the
 * total only when mandatory). The spec lists the `feeBasis` values that occur but not what
 * they multiply; the sandbox follows the reading written down in docs/pricing.md.
 */

/** What the stay offers a fee basis to count. */
export interface StayCounts {
  nights: number
  persons: number
  adults: number
  /** The rental rate after discount, the base of '% of Rental Amount'. */
  rentalRateCents: number
}

/** A basis is "who" × "how often": per unit, person or adult; once, or every night. */
type Who = 'unit' | 'person' | 'adult'
type HowOften = 'once' | 'nightly'

/**
 * The spec's ten spellings, keyed as written once case and the spaces around '/' are ignored.
 * "Day" counts the stay's nights: the service prices by the night, and the days a stay
 * occupies are its nights. Anything not listed is charged once, the amount as entered.
 */
const BASES: Record<string, [Who, HowOften]> = {
  'per unit': ['unit', 'once'],
  'per stay': ['unit', 'once'],
  'per day': ['unit', 'nightly'],
  'per person': ['person', 'once'],
  'per person/stay': ['person', 'once'],
  'per person/night': ['person', 'nightly'],
  'per person/day': ['person', 'nightly'],
  'per adult/stay': ['adult', 'once'],
  'per adult/day': ['adult', 'nightly']
}

function basisKey(feeBasis: string): string {
  return feeBasis.toLowerCase().split('/').map(squeeze).join('/')
}

function squeeze(part: string): string {
  return part.trim().split(/\s+/).join(' ')
}

/** The amount of one tax or local tax for the whole stay, in cents. */
export function chargeCents(fee: Fee, stay: StayCounts): number {
  const key = basisKey(fee.feeBasis ?? '')
  // Here the fee is a percentage, not an amount.
  if (key === '% of rental amount') return percentOfCents(stay.rentalRateCents, fee.fee)
  const [who, howOften] = BASES[key] ?? ['unit', 'once']
  const heads = who === 'person' ? stay.persons : who === 'adult' ? stay.adults : 1
  const times = howOften === 'nightly' ? stay.nights : 1
  return eurInCents(fee.fee) * heads * times
}

/**
 * Cleaning as the quote reports it: its basis and its fee, 0 when included in the rent (the
 * guest still sees what optional cleaning costs). A listing with no cleaning data has it
 * included.
 */
export function cleaningCharge(cleaning: Cleaning | undefined): { basis: string; cents: number } {
  if (cleaning === undefined) return { basis: 'included', cents: 0 }
  return {
    basis: cleaning.feeBasis,
    cents: cleaning.feeBasis === 'included' ? 0 : eurInCents(cleaning.fee)
  }
}
