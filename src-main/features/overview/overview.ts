import type { z } from 'zod'
import { AppError } from '../../errors'
import { fromDayNumber } from '@shared/domain/dates'
import { F, FIGURES, GAP_DAYS, OVERVIEW_MONTHS } from '@shared/overview/figures'
import type {
  Gaps,
  GapsInput,
  Overview,
  OverviewFigures,
  OverviewInput,
  OverviewListingRow,
  OverviewSort
} from '@shared/overview/overview.schema'
import { SLOTS, type OverviewData, type OverviewEntry } from '../../db/queries/overview'

/** The shares and averages a person reads, from summed figures (FIGURE_KEYS' order). */
export function figuresOf(s: ArrayLike<number>, at = 0): OverviewFigures {
  const known = s[at + F.days] - s[at + F.unknown]
  const priced = s[at + F.priced]
  return {
    days: s[at + F.days],
    unknown: s[at + F.unknown],
    unavailable: s[at + F.unavailable],
    unavailableShare: known > 0 ? s[at + F.unavailable] / known : null,
    averageRateCents: priced > 0 ? Math.round(s[at + F.rateSum] / priced) : null,
    pricedNights: priced,
    open: s[at + F.open],
    openValueCents: s[at + F.openValue],
    openUnpriced: s[at + F.openUnpriced],
    gapNights: s[at + F.gapNights],
    gapValueCents: s[at + F.gapValue],
    gapUnpriced: s[at + F.gapUnpriced]
  }
}

/** Where a period's figures start in a listing's or region's slots: a month, or the twelve. */
export function periodSlot(data: OverviewData, month: string | undefined): number {
  if (month === undefined) return OVERVIEW_MONTHS * FIGURES
  const m = data.span.months.indexOf(month)
  if (m < 0) {
    const { months } = data.span
    throw new AppError(
      'bad-input',
      `${month} is not one of the overview's months: ${months[0]} to ${months[months.length - 1]}.`,
      { field: 'month' }
    )
  }
  return m * FIGURES
}

/** The listings of the region (every listing without one), ascending by id. */
export function selectedEntries(data: OverviewData, region: string | undefined): OverviewEntry[] {
  return region === undefined ? data.entries : data.entries.filter((e) => e.region === region)
}

/** A sortable number or text of a listing's period figures; null sorts last either way. */
function sortKey(sort: OverviewSort, e: OverviewEntry, at: number): number | string | null {
  const f = e.figures
  switch (sort) {
    case 'id':
      return e.id
    case 'name':
      return e.name.toLocaleLowerCase('en')
    case 'region':
      return e.region?.toLocaleLowerCase('en') ?? null
    case 'unavailableShare': {
      const known = f[at + F.days] - f[at + F.unknown]
      return known > 0 ? f[at + F.unavailable] / known : null
    }
    case 'averageRate':
      return f[at + F.priced] > 0 ? f[at + F.rateSum] / f[at + F.priced] : null
    case 'openValue':
      return f[at + F.openValue]
    case 'gapNights':
      return f[at + F.gapNights]
  }
}

/** The selected listings in the order asked, ties by id (as the Listings table sorts). */
function sortedEntries(
  data: OverviewData,
  input: { region?: string; month?: string; sort?: OverviewSort; descending?: boolean }
): OverviewEntry[] {
  const at = periodSlot(data, input.month)
  const entries = selectedEntries(data, input.region)
  const sort = input.sort ?? 'id'
  if (sort === 'id') return input.descending ? [...entries].reverse() : entries
  const keyed = entries.map((e) => ({ e, key: sortKey(sort, e, at) }))
  const sign = input.descending ? -1 : 1
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) {
      return a.key === b.key ? a.e.id - b.e.id : a.key === null ? 1 : -1
    }
    const c = a.key < b.key ? -1 : a.key > b.key ? 1 : 0
    return sign * c || a.e.id - b.e.id
  })
  return keyed.map((k) => k.e)
}

function rowOf(e: OverviewEntry, at: number): OverviewListingRow {
  return { id: e.id, name: e.name, region: e.region, figures: figuresOf(e.figures, at) }
}

export function overview(data: OverviewData, input: z.output<typeof OverviewInput>): Overview {
  const at = periodSlot(data, input.month)
  // The selection's sums: one region's kept sums, or every region's added up.
  const sums = new Float64Array(SLOTS)
  for (const [region, r] of data.regions) {
    if (input.region !== undefined && region !== input.region) continue
    for (let i = 0; i < SLOTS; i++) sums[i] += r.figures[i]
  }
  const regions = [...data.regions]
    .map(([region, r]) => ({ region, listings: r.listings, figures: figuresOf(r.figures, at) }))
    .sort((a, b) =>
      a.region === null ? 1 : b.region === null ? -1 : a.region.localeCompare(b.region, 'en')
    )
  const rows = sortedEntries(data, input)
  return {
    today: data.today,
    months: data.span.months.map((month, m) => ({ month, figures: figuresOf(sums, m * FIGURES) })),
    period: input.month ?? null,
    totals: figuresOf(sums, at),
    regions,
    region: input.region ?? null,
    listings: {
      total: rows.length,
      offset: input.offset,
      items: rows.slice(input.offset, input.offset + input.limit).map((e) => rowOf(e, at))
    }
  }
}

/** Gap nights of the next GAP_DAYS days, portfolio-wide or of one listing, in date order. */
export function gaps(data: OverviewData, input: z.output<typeof GapsInput>): Gaps {
  const all =
    input.listingId === undefined
      ? data.gaps
      : data.gaps.filter((g) => g.listing.id === input.listingId)
  let nights = 0
  let valueCents = 0
  let unpriced = 0
  for (const g of all) {
    nights += g.to - g.from
    valueCents += g.valueCents
    unpriced += g.unpriced.length
  }
  return {
    today: data.today,
    days: GAP_DAYS,
    total: all.length,
    nights,
    valueCents,
    unpriced,
    offset: input.offset,
    items: all.slice(input.offset, input.offset + input.limit).map((g) => ({
      listingId: g.listing.id,
      name: g.listing.name,
      region: g.listing.region,
      from: fromDayNumber(g.from),
      to: fromDayNumber(g.to),
      nights: g.to - g.from,
      valueCents: g.valueCents,
      unpriced: g.unpriced.map(fromDayNumber),
      reason: g.why.reason,
      arrival: g.why.arrival === null ? null : fromDayNumber(g.why.arrival),
      arrivals: g.why.arrivals,
      nightsLeft: g.why.arrival === null ? null : g.why.to - g.why.arrival,
      minStay: g.why.minStay,
      maxStay: g.why.maxStay,
      earliest: g.why.earliest === null ? null : fromDayNumber(g.why.earliest),
      mixed: g.why.mixed
    }))
  }
}
