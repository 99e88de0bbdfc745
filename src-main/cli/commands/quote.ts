import { PricedQuote } from '@shared/api/quote.schema'
import { centsToEur } from '@shared/domain/money'
import { fromWireQuote, toWireQuote, type QuoteCents } from '@shared/domain/quote-wire'
import { childrenAges, listingId, parse, requireDate, UsageError, wholeNumber } from '../args'
import { CliContext } from '../context'
import { euros, type Output } from '../output'

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
      const outcome = (await ctx.mirror()).calendars.estimate(
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
    const q = fromWireQuote(PricedQuote.parse(answer))
    out.line(
      `${values.offline ? 'Offline estimate' : 'Quote'} for listing ${id}, ${from} to ${to}, ${adults} adults${ages ? `, children ${ages.join(', ')}` : ''}`
    )
    printQuote(out, q)
    return 0
  } finally {
    await ctx.close()
  }
}

/**
 * What the JSON holds, in the words of the app's quote: the total and its parts, what is paid
 * at check-in, the deposit, the instalments and the cancellation policy.
 */
function printQuote(out: Output, q: QuoteCents): void {
  const row = (label: string, text: string) => out.line(`  ${label.padEnd(17)} ${text}`)
  row('rental', `${euros(q.rentalRateCents)} (discount ${euros(q.discountCents)})`)
  row('cleaning', `${euros(q.cleaningCents)} (${q.cleaningFeeBasis})`)
  row('total', euros(q.totalCents))
  for (const t of q.taxes) row('at check-in', `${t.name}: ${euros(t.cents)}`)
  if (q.localTaxCents !== null) row('at check-in', `local tax: ${euros(q.localTaxCents)}`)
  row('security deposit', `${euros(q.securityDepositCents)}, not charged unless there is damage`)
  if (q.instalments.length === 0) row('instalments', 'none stated')
  q.instalments.forEach((i, n) =>
    row(n === 0 ? 'instalments' : '', `${i.name} ${euros(i.amountCents)} due ${i.dueDate}`)
  )
  row('cancellation', q.cancellationPolicyName ?? 'policy not stated')
  if (q.cancellation) row('', q.cancellation)
}
