import { BOOKED, NO_RATE, OPEN, RATE_DAYS, AVAILABILITY_DAYS, ensureWindow } from './calendar'
import type { ListingState } from './portfolio'
import type { Prng } from './prng'

/**
 * One step of background change, so delta sync has something to find: a few listings get new
 * prices for some nights, a few open or close some days, and now and then a listing's text
 * changes. Nights held by sandbox bookings are never touched.
 */

export interface ChurnResult {
  listings: number[]
  availability: number[]
  rates: number[]
}

const HEADLINE_MARKS = ['New: ', 'Renovated: ', 'Last minute: ']

export function churnStep(r: Prng, states: readonly ListingState[], today: number): ChurnResult {
  const touch = Math.max(1, Math.round(states.length / 100))
  const rates = new Set<number>()
  const availability = new Set<number>()
  const listings = new Set<number>()

  for (let k = 0; k < touch; k++) {
    const ls = r.pick(states)
    ensureWindow(ls.cal, ls.params, today)
    const start = today - ls.cal.baseDay + r.int(0, RATE_DAYS - 15)
    const factor = 1 + r.pick([-15, -10, -5, 5, 10, 15]) / 100
    for (let i = start; i < start + r.int(3, 14); i++) {
      // A night without a published rate stays without one: churn moves prices, never sets them.
      if (ls.cal.priceCents[i] === NO_RATE) continue
      ls.cal.priceCents[i] = Math.max(1000, Math.round(ls.cal.priceCents[i] * factor))
    }
    rates.add(ls.id)
  }

  for (let k = 0; k < touch; k++) {
    const ls = r.pick(states)
    ensureWindow(ls.cal, ls.params, today)
    const start = today - ls.cal.baseDay + r.int(0, AVAILABILITY_DAYS - 10)
    const close = r.chance(0.5)
    let changed = false
    for (let i = start; i < start + r.int(1, 7); i++) {
      const f = ls.cal.flags[i]
      if (f & BOOKED) continue
      const next = close ? f & ~OPEN : f | OPEN
      if (next !== f) changed = true
      ls.cal.flags[i] = next
    }
    if (changed) availability.add(ls.id)
  }

  if (r.chance(0.25)) {
    const ls = r.pick(states)
    const en = ls.listing.description?.EN
    if (en?.headline) {
      // Swap the marketing prefix for a different one, so the listing really changes.
      const current = HEADLINE_MARKS.find((m) => en.headline!.startsWith(m))
      const bare = current ? en.headline.slice(current.length) : en.headline
      en.headline = `${r.pick(HEADLINE_MARKS.filter((m) => m !== current))}${bare}`
    } else {
      ls.listing.houseRules = `${ls.listing.houseRules ?? ''} Updated rules apply.`.trim()
    }
    listings.add(ls.id)
  }
  const sorted = (s: Set<number>): number[] => [...s].sort((a, b) => a - b)
  return { listings: sorted(listings), availability: sorted(availability), rates: sorted(rates) }
}
