import { existsSync } from 'node:fs'
import { BOOKING_STATUSES } from '@shared/api/booking.schema'
import { oneOf, optionalDate, parse, UsageError, wholeNumber } from '../args'
import { CliContext } from '../context'
import { euros, instant, statusWords, type Output } from '../output'

/** The most a list asks for at once, as the app's recent-bookings list allows. */
const MAX_LIMIT = 500

/**
 * `staydesk bookings`: the bookings kept in the mirror by earlier reads (show, cancel, or the
 * app), newest read first, with the app's filters. Offline: it reads nothing from the service
 * and needs no token.
 */
export async function bookingsCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parse(argv, {
    status: { type: 'string' },
    guest: { type: 'string' },
    listing: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    limit: { type: 'string' }
  })
  // A status the service never gives would just find nothing: refused, with the list.
  const status = oneOf('--status', values.status, BOOKING_STATUSES)
  const from = optionalDate('--from', values.from)
  const to = optionalDate('--to', values.to)
  if (from !== undefined && to !== undefined && to < from) {
    throw new UsageError('--to: must not be before --from')
  }
  const limit = wholeNumber('--limit', values.limit, 1) ?? 100
  if (limit > MAX_LIMIT) throw new UsageError(`--limit: must be at most ${MAX_LIMIT}`)
  const ctx = new CliContext(values)
  try {
    // Copies are kept by reads (show, cancel, the app), not by a sync: no file, none kept yet.
    if (!existsSync(ctx.dbFile())) {
      if (ctx.json) out.json({ total: 0, items: [] })
      else out.line(`no bookings kept (no mirror at ${ctx.dbFile()})`)
      return 0
    }
    const result = (await ctx.mirror()).bookings.recent({
      status,
      guest: values.guest,
      listing: values.listing,
      from,
      to,
      limit
    })
    if (ctx.json) {
      out.json(result)
      return 0
    }
    out.table(
      result.items.map((b) => [
        b.id,
        statusWords(b.status),
        b.guestName ?? '',
        b.checkIn,
        b.checkOut,
        b.listingName ?? b.listingId ?? '',
        euros(b.totalCents),
        instant(b.fetchedAt)
      ]),
      ['id', 'status', 'guest', 'check-in', 'check-out', 'listing', 'total', 'read at']
    )
    out.line(`${result.items.length} of ${result.total} kept bookings`)
    return 0
  } finally {
    await ctx.close()
  }
}
