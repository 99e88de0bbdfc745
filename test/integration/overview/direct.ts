import type { AvailabilityDay } from '@shared/api/availability.schema'
import { addDays, daysBetween } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import { stayDates, stayMissCodes } from '@shared/domain/stay-rules'
import type { GapItem, OverviewFigures } from '@shared/overview/overview.schema'
import type { SandboxStore } from '../../../src-main/sandbox/types'

/**
 * The overview's figures worked out directly from the sandbox's own records (its calendars and
 * rates as dates and floats, its stay rules stay by stay through stayMissCodes), for the tests
 * to hold the app's answers to: the integration test and the end-to-end spec.
 */

export interface Raw {
  days: number
  unknown: number
  unavailable: number
  open: number
  priced: number
  rateSum: number
  openValue: number
  openUnpriced: number
  gapNights: number
  gapValue: number
  gapUnpriced: number
}

const zero = (): Raw => ({
  days: 0,
  unknown: 0,
  unavailable: 0,
  open: 0,
  priced: 0,
  rateSum: 0,
  openValue: 0,
  openUnpriced: 0,
  gapNights: 0,
  gapValue: 0,
  gapUnpriced: 0
})

export function asFigures(r: Raw): OverviewFigures {
  const known = r.days - r.unknown
  return {
    days: r.days,
    unknown: r.unknown,
    unavailable: r.unavailable,
    unavailableShare: known > 0 ? r.unavailable / known : null,
    averageRateCents: r.priced > 0 ? Math.round(r.rateSum / r.priced) : null,
    pricedNights: r.priced,
    open: r.open,
    openValueCents: r.openValue,
    openUnpriced: r.openUnpriced,
    gapNights: r.gapNights,
    gapValueCents: r.gapValue,
    gapUnpriced: r.gapUnpriced
  }
}

/** The first day of the month `k` months after today's. */
export function monthStart(today: string, k: number): string {
  const d = new Date(Date.UTC(+today.slice(0, 4), +today.slice(5, 7) - 1 + k, 1))
  return d.toISOString().slice(0, 10)
}

/** Why no stay fits a gap: GapItem's reason and the figures its sentence names. */
type DirectWhy = Pick<
  GapItem,
  'reason' | 'arrival' | 'arrivals' | 'nightsLeft' | 'minStay' | 'earliest' | 'mixed'
>

/** Per listing: the months' raw figures and its gap runs [first night, day after the last, why]. */
export interface Direct {
  months: Raw[]
  gaps: [string, string, DirectWhy][]
}

/**
 * Why no stay of the run [s, e] fits, from the codes stayMissCodes gives every stay of each
 * check-in day: a day whose every stay misses 'advance-notice' is ruled out by the notice; of
 * the others, the first names the rule: every stay too short ('min-stay'), else a stay missing
 * only 'max-stay' ('max-stay'), else the check-out day ('check-out-day').
 */
function directWhy(
  cal: Record<string, AvailabilityDay>,
  advanceNotice: number,
  s: string,
  e: string,
  today: string
): DirectWhy {
  const out = addDays(e, 1)
  const causes: [string, DirectWhy['reason']][] = []
  for (let a = s; a <= e; a = addDays(a, 1)) {
    if (cal[a]?.checkInDay !== true) continue
    const codes: string[][] = []
    for (let b = addDays(a, 1); b <= out; b = addDays(b, 1)) {
      const stay = { from: a, to: b, adults: 1 }
      codes.push(
        stayMissCodes({ active: true, advanceNotice }, (d) => cal[d], stay, stayDates(stay, today))
      )
    }
    causes.push([
      a,
      codes.every((c) => c.includes('advance-notice'))
        ? 'advance-notice'
        : codes.every((c) => c.includes('min-stay'))
          ? 'min-stay'
          : codes.some((c) => c.length === 1 && c[0] === 'max-stay')
            ? 'max-stay'
            : 'check-out-day'
    ])
  }
  const allowed = causes.filter(([, c]) => c !== 'advance-notice')
  const earliest = allowed.length < causes.length ? addDays(today, advanceNotice) : null
  const first = allowed[0]
  const at = first ? first[0] : s
  return {
    reason: first ? first[1] : causes.length > 0 ? 'advance-notice' : 'check-in-day',
    arrival: first ? first[0] : null,
    arrivals: allowed.length,
    nightsLeft: first ? daysBetween(first[0], out) : null,
    minStay: Math.max(cal[at]?.minStay ?? 0, 1),
    earliest,
    mixed: allowed.some(([, c]) => c !== first[1])
  }
}

export function directOverview(store: SandboxStore, today: string): Map<number, Direct> {
  const direct = new Map<number, Direct>()
  const end = monthStart(today, 12)
  for (const id of store.listingIds()) {
    const listing = store.listing(id)!
    const cal = store.availability(id)?.availability ?? {}
    const rate = store.rates(id)?.rate ?? {}
    const months = Array.from({ length: 12 }, zero)
    const monthOf = (d: string) =>
      (+d.slice(0, 4) - +today.slice(0, 4)) * 12 + +d.slice(5, 7) - +today.slice(5, 7)
    for (let d = today; d < end; d = addDays(d, 1)) {
      const m = months[monthOf(d)]
      const day = cal[d]
      const cents = rate[d] === undefined ? null : eurToCents(rate[d])
      m.days++
      if (cents !== null) {
        m.priced++
        m.rateSum += cents
      }
      if (!day) m.unknown++
      else if (!day.available) m.unavailable++
      else {
        m.open++
        if (cents === null) m.openUnpriced++
        else m.openValue += cents
      }
    }
    // Gap runs: each maximal run of open nights from today, judged stay by stay.
    const gaps: [string, string, DirectWhy][] = []
    const open = (d: string) => cal[d]?.available === true
    for (let s = today; s < end; s = addDays(s, 1)) {
      if (!open(s) || (s > today && open(addDays(s, -1)))) continue
      let e = s
      while (open(addDays(e, 1))) e = addDays(e, 1)
      let bookable = listing.active === false
      for (let a = s; a <= e && !bookable; a = addDays(a, 1)) {
        for (let b = addDays(a, 1); b <= addDays(e, 1) && !bookable; b = addDays(b, 1)) {
          const stay = { from: a, to: b, adults: 1 }
          const codes = stayMissCodes(
            { active: true, advanceNotice: listing.advanceNotice },
            (d) => cal[d],
            stay,
            stayDates(stay, today)
          )
          bookable = codes.length === 0
        }
      }
      if (bookable) continue
      gaps.push([s, addDays(e, 1), directWhy(cal, listing.advanceNotice ?? 0, s, e, today)])
      for (let d = s; d <= e && d < end; d = addDays(d, 1)) {
        const m = months[monthOf(d)]
        m.gapNights++
        if (rate[d] === undefined) m.gapUnpriced++
        else m.gapValue += eurToCents(rate[d])
      }
    }
    direct.set(id, { months, gaps })
  }
  return direct
}

/** The raw figures of `ids` over `months` (indexes into the twelve), added up. */
export function sumOf(
  direct: ReadonlyMap<number, Direct>,
  ids: readonly number[],
  months: readonly number[]
): Raw {
  const out = zero()
  for (const id of ids) {
    for (const m of months) {
      const r = direct.get(id)!.months[m]
      for (const k of Object.keys(out) as (keyof Raw)[]) out[k] += r[k]
    }
  }
  return out
}
