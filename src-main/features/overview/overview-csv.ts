import { stringify } from 'csv-stringify/sync'
import { FIGURES } from '@shared/overview/figures'
import type { OverviewFigures } from '@shared/overview/overview.schema'
import type { OverviewData } from '../../db/queries/overview'
import { figuresOf, periodSlot, selectedEntries } from './overview'

/** The overview's CSV columns: the figures the screen shows, per listing and month. */
const COLUMNS = [
  'month',
  'listingId',
  'name',
  'region',
  'days',
  'unavailable',
  'unknown',
  'unavailableShare',
  'averageRateEur',
  'pricedNights',
  'openNights',
  'openValueEur',
  'openNightsWithoutRate',
  'gapNights',
  'gapValueEur',
  'gapNightsWithoutRate'
] as const

/** Cents as euros with two decimals, as a spreadsheet reads a number ("" when there is none). */
function eur(cents: number | null): string {
  if (cents === null) return ''
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

function cells(f: OverviewFigures): string[] {
  return [
    String(f.days),
    String(f.unavailable),
    String(f.unknown),
    f.unavailableShare === null ? '' : f.unavailableShare.toFixed(4),
    eur(f.averageRateCents),
    String(f.pricedNights),
    String(f.open),
    eur(f.openValueCents),
    String(f.openUnpriced),
    String(f.gapNights),
    eur(f.gapValueCents),
    String(f.gapUnpriced)
  ]
}

/**
 * One row per listing and month (one month with `month`), the listings of `region` only when
 * given. Names come from the service, so a cell a spreadsheet would run as a formula is escaped.
 */
export function overviewCsv(
  data: OverviewData,
  input: { region?: string; month?: string }
): { text: string; rows: number } {
  // Refuses a month outside the twelve before writing anything.
  if (input.month !== undefined) periodSlot(data, input.month)
  const entries = selectedEntries(data, input.region)
  const rows: string[][] = []
  data.span.months.forEach((month, m) => {
    if (input.month !== undefined && input.month !== month) return
    for (const e of entries) {
      const f = figuresOf(e.figures, m * FIGURES)
      rows.push([month, String(e.id), e.name, e.region ?? '', ...cells(f)])
    }
  })
  const text = stringify(rows, { header: true, columns: [...COLUMNS], escape_formulas: true })
  return { text, rows: rows.length }
}
