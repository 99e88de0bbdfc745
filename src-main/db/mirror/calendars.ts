import type { AvailabilityRecord } from '@shared/api/availability.schema'
import type { RateRecord } from '@shared/api/rate.schema'
import type { IsoDate } from '@shared/domain/dates'
import type { QuoteOutcome } from '@shared/domain/pricing'
import type { StayRequest } from '@shared/domain/stay-rules'
import { dayNumberOf } from '@shared/calendar/day-numbers'
import { availableListings, type AvailableQuery, type AvailableResult } from '../queries/available'
import { judgeSlice, type MissesOf } from '../queries/available-full'
import { calendarMonth, type CalendarMonth } from '../queries/calendar'
import { dayLetters } from '../queries/day-letters'
import { estimateStay } from '../queries/estimate'
import type { OverviewData } from '../queries/overview'
import type { MirrorParts } from './parts'

/** The listings' availability and rates: records, the availability search, months, letters. */
export interface MirrorCalendars {
  availability(listingId: number): AvailabilityRecord | undefined
  rates(listingId: number): RateRecord | undefined
  /** The offline availability search (queries/available.ts). */
  available(q: AvailableQuery): AvailableResult
  month(listingId: number, month: string): CalendarMonth
  /** Days as letters for the timeline (queries/day-letters.ts); all listings without `ids`. */
  dayLetters(from: number, days: number, ids?: readonly number[]): Map<number, string>
  /**
   * The portfolio overview from `today` (queries/overview.ts): per listing, region and month,
   * worked out again only for the listings a commit changed.
   */
  overview(today: IsoDate): OverviewData
  /** The offline quote of one stay, or undefined for an unknown listing. */
  estimate(listingId: number, stay: StayRequest, today: IsoDate): QuoteOutcome | undefined
  /**
   * "Why not bookable", a slice of listings at a time: the reasons (codes, empty: bookable; the
   * words on demand) of each listing above `after` that `keep` accepts, at most `limit` listings
   * read, ascending by id. Returns the last id read, or undefined when no listing is left.
   */
  missesSlice(
    q: { stay: StayRequest; today: IsoDate },
    after: number,
    limit: number,
    keep: (id: number) => boolean,
    each: MissesOf
  ): number | undefined
}

export function mirrorCalendars(p: MirrorParts): MirrorCalendars {
  const records = { listings: p.listings, availability: p.availability, rates: p.rates }
  return {
    availability: (id) => p.availability.get(id),
    rates: (id) => p.rates.get(id),
    available: (q) => availableListings(p.search, q),
    month: (id, month) => calendarMonth(p.sqlite, id, month),
    dayLetters: (from, days, ids) => dayLetters(p.sqlite, from, days, ids),
    overview: (today) => p.overview.get(today),
    estimate: (id, stay, today) => estimateStay(records, id, stay, today),
    missesSlice: ({ stay, today }, after, limit, keep, each) =>
      judgeSlice(
        p.sqlite,
        { stay, today, fromDay: dayNumberOf(stay.from), toDay: dayNumberOf(stay.to) },
        after,
        limit,
        keep,
        each
      )
  }
}
