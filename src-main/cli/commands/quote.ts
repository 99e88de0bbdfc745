import { centsToEur } from '@shared/domain/money'
import { fromWireQuote, toWireQuote } from '@shared/domain/pricing'
import { childrenAges, listingId, parse, requireDate, UsageError, wholeNumber } from '../args'
import { CliContext } from '../context'
import { euros, type Output } from '../output'

export const QUOTE_HELP =
  'quote LISTING --from D --to D --adults N [--children-ages 4,9] [--offline]   live quote, or an estimate from the mirror'

/**
 * A live quote from the service (or with --offline an estimate from the mirror with the same
 * pricing code). `total` is what the guest pays per the spec: rentalRate, plus cleaning only
 * when it is mandatory; taxes are paid at check-in and never part of it.
 */
export async function quoteCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parse(argv, {
    from: { type: 'string' },
    to: { type: 'string' },
    adults: { type: 'string' },
    'children-ages': { type: 'string' },
    offline: { type: 'boolean' }
  })
  const id = listingId(positionals[0])
  const from = requireDate('--from', values.from)
  const to = requireDate('--to', values.to)
  if (to <= from) throw new UsageError('--to: must be after --from')
  const adults = wholeNumber('--adults', values.adults, 1)
  if (adults === undefined) throw new UsageError('--adults is required')
  const ages = childrenAges(values['children-ages'])
  const ctx = new CliContext(values)
  try {
    let answer: Record<string, unknown>
    if (values.offline) {
      const outcome = (await ctx.mirror()).estimate(
        id,
        { from, to, adults, childrenAges: ages },
        ctx.today
      )
      if (!outcome) {
        process.stderr.write(`staydesk: listing ${id} is not in the mirror\n`)
        return 1
      }
      answer = outcome.available
        ? {
            ...toWireQuote(outcome.price),
            total: centsToEur(outcome.price.totalCents),
            offline: true
          }
        : { available: false, reasons: outcome.misses.map((m) => m.message), offline: true }
    } else {
      const q = await ctx.client().quote({
        listingId: id,
        from,
        to,
        adults,
        children: ages?.length,
        childrenAges: ages
      })
      answer =
        'available' in q ? { ...q } : { ...q, total: centsToEur(fromWireQuote(q).totalCents) }
    }
    if (ctx.json) {
      out.json(answer)
      return 0
    }
    if (answer.available === false) {
      out.line(`Listing ${id} cannot be booked from ${from} to ${to}:`)
      for (const r of answer.reasons as string[]) out.line(`  ${r}`)
      return 0
    }
    const cents = (v: unknown) => Math.round((v as number) * 100)
    out.line(
      `${values.offline ? 'Offline estimate' : 'Quote'} for listing ${id}, ${from} to ${to}, ${adults} adults${ages ? `, children ${ages.join(', ')}` : ''}`
    )
    out.line(
      `  rental       ${euros(cents(answer.rentalRate))} (discount ${euros(cents(answer.discount))})`
    )
    out.line(`  cleaning     ${euros(cents(answer.cleaning))} (${String(answer.cleaningFeeBasis)})`)
    out.line(`  total        ${euros(cents(answer.total))}`)
    for (const t of (answer.taxes as { name: string; fee: number }[]) ?? []) {
      out.line(`  at check-in  ${t.name}: ${euros(cents(t.fee))}`)
    }
    if (answer.localTax !== undefined)
      out.line(`  at check-in  local tax: ${euros(cents(answer.localTax))}`)
    return 0
  } finally {
    await ctx.close()
  }
}
