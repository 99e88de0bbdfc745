import { OverviewInput, type OverviewFigures } from '@shared/overview/overview.schema'
import { gaps, overview } from '../../features/overview/overview'
import { overviewCsv } from '../../features/overview/overview-csv'
import { overviewOf } from '../../features/overview/source'
import { month as monthArg, parse, UsageError } from '../args'
import { CliContext } from '../context'
import { euros, type Output } from '../output'

function share(f: OverviewFigures): string {
  return f.unavailableShare === null ? '-' : `${(f.unavailableShare * 100).toFixed(1)} %`
}

/** A value at published rates, with its nights that have no rate named, never counted as 0. */
function value(cents: number, unpriced: number): string {
  return unpriced === 0 ? euros(cents) : `${euros(cents)} (+${unpriced} without a rate)`
}

function cells(f: OverviewFigures): string[] {
  return [
    share(f),
    euros(f.averageRateCents),
    value(f.openValueCents, f.openUnpriced),
    f.gapNights === 0 ? '0' : `${f.gapNights} (${value(f.gapValueCents, f.gapUnpriced)})`
  ]
}

const FIGURE_HEADER = ['unavailable', 'average rate', 'value of open nights', 'gap nights']

/**
 * `staydesk overview [--month M] [--region R] [--csv]`: the portfolio overview from the offline
 * copy (no token, no connection), the Overview screen's figures: per month for the next twelve,
 * or one month's regions; `--csv` prints the screen's export (per listing and month) for a
 * scheduler to mail. "Unavailable" is the service's word: a booking or an owner's block alike.
 */
export async function overviewCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parse(argv, {
    month: { type: 'string' },
    region: { type: 'string' },
    csv: { type: 'boolean' }
  })
  if (positionals.length > 0) {
    throw new UsageError(`overview: takes no arguments (got ${positionals.join(' ')})`)
  }
  const month = values.month === undefined ? undefined : monthArg(values.month)
  if (values.csv && values.json) throw new UsageError('--csv and --json: choose one')
  const ctx = new CliContext(values)
  try {
    const data = overviewOf(await ctx.mirror()).get(ctx.today)
    if (month !== undefined && !data.span.months.includes(month)) {
      const { months } = data.span
      throw new UsageError(
        `--month: ${month} is not one of the overview's months (${months[0]} to ${months[months.length - 1]})`
      )
    }
    const region = values.region
    if (region !== undefined && !data.regions.has(region)) {
      throw new UsageError(`--region: no listing of the offline copy is in "${region}"`)
    }
    const filter = { ...(month ? { month } : {}), ...(region ? { region } : {}) }
    if (values.csv) {
      out.text(overviewCsv(data, filter).text)
      return 0
    }
    const o = overview(data, OverviewInput.parse({ ...filter, limit: 1 }))
    const g = gaps(data, { offset: 0, limit: 1 })
    if (ctx.json) {
      const { listings, ...figures } = o
      out.json({
        mirror: ctx.dbFile(),
        ...figures,
        listings: listings.total,
        gapNights: {
          days: g.days,
          gaps: g.total,
          nights: g.nights,
          valueCents: g.valueCents,
          unpriced: g.unpriced
        }
      })
      return 0
    }
    const scope = region ?? 'the whole portfolio'
    if (month === undefined) {
      out.line(`${scope}, ${o.listings.total} listings, the next 12 months from ${o.today}`)
      out.table(
        o.months.map((m) => [m.month, ...cells(m.figures)]),
        ['month', ...FIGURE_HEADER]
      )
    } else {
      out.line(`${scope}, ${o.listings.total} listings, ${month}`)
      out.table(
        o.regions
          .filter((r) => region === undefined || r.region === region)
          .map((r) => [r.region ?? '(no region)', r.listings, ...cells(r.figures)]),
        ['region', 'listings', ...FIGURE_HEADER]
      )
    }
    const [u, rate, open, gap] = cells(o.totals)
    out.line(
      `total: ${u} unavailable, average rate ${rate}, open nights ${open}, gap nights ${gap}`
    )
    out.line(
      `gap nights, next ${g.days} days (portfolio): ${g.total} gaps, ${g.nights} nights, ${value(g.valueCents, g.unpriced)}`
    )
    return 0
  } finally {
    await ctx.close()
  }
}
