import type { z } from 'zod'
import { fromDayNumber } from '@shared/domain/dates'
import { centsAt } from '@shared/calendar/packed-rates'
import { F, FIGURES, OVERVIEW_MONTHS } from '@shared/overview/figures'
import type {
  Gaps,
  GapsInput,
  Overview,
  OverviewFigures,
  OverviewInput,
  OverviewListingRow,
  OverviewSort
} from '@shared/overview/overview.schema'
import type { OverviewData } from '../../db/queries/overview'

/** Gap nights are listed for the next 90 days (the window). */
export const GAP_DAYS = 90

const PER = OVERVIEW_MONTHS * FIGURES

/** Sums of the raw figures, one slot per FIGURE_KEYS entry. */
type Sums = Float64Array

/** Adds listing k's figures of months [m0, m1) into `into`. */
function addListing(data: OverviewData, k: number, m0: number, m1: number, into: Sums): void {
  const base = k * PER
  for (let m = m0; m < m1; m++) {
    const at = base + m * FIGURES
    for (let i = 0; i < FIGURES; i++) into[i] += data.figures[at + i]
  }
}

/** The shares and averages a person reads, from summed figures. */
export function figuresOf(s: Sums): OverviewFigures {
  const known = s[F.days] - s[F.unknown]
  return {
    days: s[F.days],
    unknown: s[F.unknown],
    unavailable: s[F.unavailable],
    unavailableShare: known > 0 ? s[F.unavailable] / known : null,
    averageRateCents: s[F.priced] > 0 ? Math.round(s[F.rateSum] / s[F.priced]) : null,
    pricedNights: s[F.priced],
    open: s[F.open],
    openValueCents: s[F.openValue],
    openUnpriced: s[F.openUnpriced],
    gapNights: s[F.gapNights],
    gapValueCents: s[F.gapValue],
    gapUnpriced: s[F.gapUnpriced]
  }
}

/** The months [m0, m1) a period covers: one month, or all twelve. */
function periodOf(data: OverviewData, month: string | undefined): [number, number] {
  if (month === undefined) return [0, OVERVIEW_MONTHS]
  const m = data.span.months.indexOf(month)
  if (m < 0) {
    throw new RangeError(
      `${month} is not one of the overview's months (${data.span.months[0]} to ${data.span.months[OVERVIEW_MONTHS - 1]})`
    )
  }
  return [m, m + 1]
}

/** Listing indexes of the region (all without one). */
function selected(data: OverviewData, region: string | undefined): number[] {
  const out: number[] = []
  for (let k = 0; k < data.count; k++) {
    if (region === undefined || data.regions[k] === region) out.push(k)
  }
  return out
}

function sortKey(sort: OverviewSort, row: OverviewListingRow): number | string | null {
  switch (sort) {
    case 'id':
      return row.id
    case 'name':
      return row.name.toLocaleLowerCase('en')
    case 'region':
      return row.region?.toLocaleLowerCase('en') ?? null
    case 'unavailableShare':
      return row.figures.unavailableShare
    case 'averageRate':
      return row.figures.averageRateCents
    case 'openValue':
      return row.figures.openValueCents
    case 'gapNights':
      return row.figures.gapNights
  }
}

/** Empty values last either way, ties by id (as the Listings table sorts). */
function compareRows(sort: OverviewSort, descending: boolean) {
  return (a: OverviewListingRow, b: OverviewListingRow): number => {
    const x = sortKey(sort, a)
    const y = sortKey(sort, b)
    if (x === null || y === null) return x === y ? a.id - b.id : x === null ? 1 : -1
    const c = x < y ? -1 : x > y ? 1 : 0
    return (descending ? -c : c) || a.id - b.id
  }
}

/** One row per selected listing, for the period, sorted as asked. */
export function listingRows(
  data: OverviewData,
  input: { region?: string; month?: string; sort?: OverviewSort; descending?: boolean }
): OverviewListingRow[] {
  const [m0, m1] = periodOf(data, input.month)
  const rows = selected(data, input.region).map((k) => {
    const s = new Float64Array(FIGURES)
    addListing(data, k, m0, m1, s)
    return { id: data.ids[k], name: data.names[k], region: data.regions[k], figures: figuresOf(s) }
  })
  return rows.sort(compareRows(input.sort ?? 'id', input.descending ?? false))
}

export function overview(data: OverviewData, input: z.output<typeof OverviewInput>): Overview {
  const [m0, m1] = periodOf(data, input.month)
  const keys = selected(data, input.region)
  const months = data.span.months.map((month, m) => {
    const s = new Float64Array(FIGURES)
    for (const k of keys) addListing(data, k, m, m + 1, s)
    return { month, figures: figuresOf(s) }
  })
  const totals = new Float64Array(FIGURES)
  for (const k of keys) addListing(data, k, m0, m1, totals)
  // Every region, whatever the filter: the filter's choices and the regions' table.
  const byRegion = new Map<string | null, { listings: number; sums: Sums }>()
  for (let k = 0; k < data.count; k++) {
    const region = data.regions[k]
    let r = byRegion.get(region)
    if (!r) byRegion.set(region, (r = { listings: 0, sums: new Float64Array(FIGURES) }))
    r.listings++
    addListing(data, k, m0, m1, r.sums)
  }
  const regions = [...byRegion]
    .map(([region, r]) => ({ region, listings: r.listings, figures: figuresOf(r.sums) }))
    .sort((a, b) =>
      a.region === null ? 1 : b.region === null ? -1 : a.region.localeCompare(b.region, 'en')
    )
  const rows = listingRows(data, input)
  return {
    today: data.today,
    months,
    period: input.month ?? null,
    totals: figuresOf(totals),
    regions,
    region: input.region ?? null,
    listings: {
      total: rows.length,
      offset: input.offset,
      items: rows.slice(input.offset, input.offset + input.limit)
    }
  }
}

/** Gap nights of the next GAP_DAYS days, portfolio-wide or of one listing, in date order. */
export function gaps(data: OverviewData, input: z.output<typeof GapsInput>): Gaps {
  const today = data.span.bounds[0]
  const end = today + GAP_DAYS
  const items: Gaps['items'] = []
  let nights = 0
  let valueCents = 0
  let unpriced = 0
  for (const { k, run } of data.gaps) {
    if (run.from >= end) break
    if (input.listingId !== undefined && data.ids[k] !== input.listingId) continue
    const to = Math.min(run.to, end)
    const rates = data.rates[k]
    let value = 0
    const missing: string[] = []
    for (let d = run.from; d < to; d++) {
      const c = rates ? centsAt(rates, d) : null
      if (c === null) missing.push(fromDayNumber(d))
      else value += c
    }
    nights += to - run.from
    valueCents += value
    unpriced += missing.length
    items.push({
      listingId: data.ids[k],
      name: data.names[k],
      region: data.regions[k],
      from: fromDayNumber(run.from),
      to: fromDayNumber(to),
      nights: to - run.from,
      valueCents: value,
      unpriced: missing,
      reason: run.reason,
      minStay: run.minStay
    })
  }
  return {
    today: data.today,
    days: GAP_DAYS,
    total: items.length,
    nights,
    valueCents,
    unpriced,
    offset: input.offset,
    items: items.slice(input.offset, input.offset + input.limit)
  }
}
