import { parse, wholeNumber } from '../args'
import { CliContext } from '../context'
import type { Output } from '../output'

export async function listingsCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parse(argv, {
    search: { type: 'string' },
    city: { type: 'string' },
    country: { type: 'string' },
    'min-guests': { type: 'string' },
    limit: { type: 'string' }
  })
  // Checked before the mirror is opened: a mistake in the command line is named first.
  const minGuests = wholeNumber('--min-guests', values['min-guests'], 1)
  const limit = wholeNumber('--limit', values.limit, 1) ?? 50
  const ctx = new CliContext(values)
  try {
    const result = (await ctx.mirror()).listings.search({
      text: values.search,
      city: values.city,
      country: values.country,
      minGuests,
      limit
    })
    if (ctx.json) {
      out.json(result)
      return 0
    }
    out.table(
      result.items.map((l) => [
        l.id,
        l.referenceNumber ?? '',
        l.name,
        [l.city, l.country].filter(Boolean).join(', '),
        l.maxGuest ?? '',
        l.bookingType ?? '',
        l.active === false ? 'inactive' : ''
      ]),
      ['id', 'reference', 'name', 'place', 'guests', 'booking', '']
    )
    out.line(`${result.items.length} of ${result.total} listings`)
    return 0
  } finally {
    await ctx.close()
  }
}
