import { listingId, month, parse } from '../args'
import { CliContext } from '../context'
import { euros, type Output } from '../output'

export async function calendarCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parse(argv, { month: { type: 'string' } })
  const id = listingId(positionals[0])
  const m = month(values.month)
  const ctx = new CliContext(values)
  try {
    const mirror = await ctx.mirror()
    if (!mirror.listings.get(id)) {
      process.stderr.write(`staydesk: listing ${id} is not in the mirror\n`)
      return 1
    }
    const cal = mirror.calendars.month(id, m)
    if (ctx.json) {
      out.json(cal)
      return 0
    }
    const flag = (b: boolean, c: string) => (b ? c : '.')
    out.table(
      cal.days.map((d) => [
        d.date,
        d.known ? flag(d.available, 'free') : 'no data',
        flag(d.checkInDay, 'in'),
        flag(d.checkOutDay, 'out'),
        d.minStay || '',
        d.maxStay || '',
        euros(d.priceCents)
      ]),
      ['date', 'available', 'check-in', 'check-out', 'min', 'max', 'price']
    )
    return 0
  } finally {
    await ctx.close()
  }
}
