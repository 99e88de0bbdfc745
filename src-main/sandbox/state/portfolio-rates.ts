import type { RateRecord } from '@shared/api'
import { fromDayNumber } from '@shared/domain/dates'
import type { Prng } from './prng'

/**
 * A generated listing's rate rules: longer-stay discounts (never over Christmas and New Year),
 * last-minute and early-bird discounts, additional guests, and the fees drawn by the portfolio.
 */

/** What a rate record carries besides its nightly rates. */
export type RateRules = Omit<RateRecord, 'listingId' | 'rate'>

export function rateRules(
  r: Prng,
  today: number,
  maxGuest: number,
  fees: Pick<RateRules, 'cleaning' | 'extras' | 'localTax' | 'taxes' | 'securityDeposit'>
): RateRules {
  const year = Number(fromDayNumber(today).slice(0, 4))
  const extraGuests = maxGuest > 2 ? r.int(0, Math.min(4, maxGuest - 2)) : 0
  const pick = (options: Record<string, number>[]): Record<string, number> => r.pick(options)
  return {
    ...(r.chance(0.6)
      ? { longerStay: pick([{ '7': 5 }, { '7': 5, '14': 10 }, { '14': 8, '28': 15 }]) }
      : {}),
    // The longer-stay discount does not apply over Christmas and New Year in any covered year.
    longerStayExclusionPeriods: [0, 1].map((k) => ({
      startDate: `${year + k}-12-20`,
      endDate: `${year + k + 1}-01-06`
    })),
    ...(r.chance(0.3) ? { lastMinute: pick([{ '7': 10 }, { '3': 15 }, { '14': 5 }]) } : {}),
    ...(r.chance(0.25) ? { earlyBird: pick([{ '90': 5 }, { '120': 8 }, { '180': 10 }]) } : {}),
    additionalGuests: { amount: extraGuests, price: extraGuests ? r.pick([10, 15, 20, 25]) : 0 },
    ...fees
  }
}

/** The listing's `specialRates` form of a `{ days: percent }` rule. */
export function ruleOf(rule: Record<string, number> | undefined) {
  const key = rule && Object.keys(rule)[0]
  return key === undefined || !rule ? undefined : { discount: rule[key], checkIn: Number(key) }
}
