import { centsToEur } from '@shared/domain/money'
import { childrenAges, parse, requireDate, UsageError, wholeNumber } from '../args'
import { CliContext } from '../context'
import { euros, type Output } from '../output'

/** Which listings can be booked for a stay, evaluated offline on the mirror. */
export async function availableCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parse(argv, {
    from: { type: 'string' },
    to: { type: 'string' },
    adults: { type: 'string' },
    'children-ages': { type: 'string' },
    explain: { type: 'boolean' }
  })
  const from = requireDate('--from', values.from)
  const to = requireDate('--to', values.to)
  if (to <= from) throw new UsageError('--to: must be after --from')
  const adults = wholeNumber('--adults', values.adults, 1) ?? 2
  const ages = childrenAges(values['children-ages'])
  const ctx = new CliContext(values)
  try {
    const result = (await ctx.mirror()).calendars.available({
      from,
      to,
      adults,
      childrenAges: ages,
      today: ctx.today,
      explain: values.explain
    })
    if (ctx.json) {
      out.json({
        from,
        to,
        adults,
        childrenAges: ages ?? [],
        today: ctx.today,
        bookable: result.bookable.map((b) => ({
          listingId: b.listingId,
          name: b.name,
          estimate: b.estimateCents === null ? null : centsToEur(b.estimateCents),
          estimateCents: b.estimateCents
        })),
        ...(result.misses ? { misses: result.misses } : {})
      })
      return 0
    }
    out.table(
      result.bookable.map((b) => [b.listingId, b.name, euros(b.estimateCents)]),
      ['listing', 'name', 'estimate']
    )
    out.line(`${result.bookable.length} listings can be booked from ${from} to ${to}`)
    for (const miss of result.misses ?? []) {
      out.line(`${miss.listingId}: ${miss.reasons.map((r) => r.message).join(' ')}`)
    }
    return 0
  } finally {
    await ctx.close()
  }
}
