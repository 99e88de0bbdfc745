import type { BookingDetails } from '@shared/api/booking.schema'
import type { KeptBooking } from '@shared/ipc/bookings.schema'
import { openBooking } from '../../features/bookings/open'
import { parse, UsageError } from '../args'
import { CliContext } from '../context'
import { eurToCents } from '@shared/domain/money'
import { euros, instant, statusWords, type Output } from '../output'
import { bookingId, cancelCommand } from './booking-cancel'

export async function bookingCommand(argv: string[], out: Output): Promise<number> {
  const [sub, ...rest] = argv
  if (sub === 'show') return show(rest, out)
  if (sub === 'cancel') return cancelCommand(rest, out)
  throw new UsageError(`booking: expected "show" or "cancel", got ${sub ? `"${sub}"` : 'nothing'}`)
}

/**
 * `staydesk booking show ID`: read as the app opens a booking. Live when the service answers,
 * and the copy kept in the mirror (--db, or the profile's own); when the service can't be
 * reached, the copy kept by an earlier read, marked as such; with no copy either, the outage.
 */
async function show(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parse(argv, {})
  const id = bookingId(positionals[0])
  const ctx = new CliContext(values)
  try {
    const kept = await openBooking(await ctx.profileContext(), { id })
    if (ctx.json) {
      out.json(kept)
      return 0
    }
    printBooking(out, kept.booking, source(ctx, kept))
    return 0
  } finally {
    await ctx.close()
  }
}

/** Where the booking shown came from, and whether a copy of it is kept for offline use. */
function source(ctx: CliContext, kept: KeptBooking): string {
  if (kept.source === 'copy') {
    return `copy from ${instant(kept.summary.fetchedAt)}, kept by an earlier read (${kept.note ?? 'the service did not answer'})`
  }
  return ctx.keepsCopies
    ? `live, kept in ${ctx.dbFile()}`
    : 'live (not kept: give --db FILE or --profile NAME to keep a copy)'
}

/** The booking, its source right under the first line: a copy must not pass for live data. */
function printBooking(out: Output, b: BookingDetails, from: string): void {
  out.line(`Booking ${b.id}: ${b.status}${b.paymentStatus ? `, payment ${b.paymentStatus}` : ''}`)
  out.line(`  source   ${from}`)
  out.line(`  status   ${statusWords(b.status, b.paymentStatus)}`)
  out.line(
    `  stay     ${b.checkIn.date} ${b.checkIn.time ?? ''} to ${b.checkOut.date} ${b.checkOut.time ?? ''}`.trimEnd()
  )
  if (b.guest)
    out.line(
      `  guest    ${[b.guest.firstName, b.guest.lastName].filter(Boolean).join(' ')} ${b.guest.email ?? ''}`.trimEnd()
    )
  if (b.adults !== undefined) out.line(`  adults   ${b.adults}`)
  // Money as the app shows it (€245.25); the service deals in EUR alone, so another currency
  // would be a surprise worth keeping visible.
  const money = (eur: number) =>
    b.payment?.currency && b.payment.currency !== 'EUR'
      ? `${eur} ${b.payment.currency}`
      : euros(eurToCents(eur))
  if (b.payment?.amount !== undefined) out.line(`  amount   ${money(b.payment.amount)}`)
  for (const i of b.instalments) {
    out.line(
      `  ${(i.name ?? 'instalment').padEnd(8)} ${money(i.amount)} due ${i.dueDate ?? '-'} ${i.status ?? ''}`.trimEnd()
    )
  }
  if (b.cancellationPolicy?.name) out.line(`  policy   ${b.cancellationPolicy.name}`)
}
