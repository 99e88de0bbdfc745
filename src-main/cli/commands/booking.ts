import { CANCELLED_BY, type CancelledBy } from '@shared/api'
import { parse, UsageError } from '../args'
import { CliContext } from '../context'
import type { Output } from '../output'

export const BOOKING_HELP = [
  'booking show ID [--channel CODE]',
  'booking cancel ID --by guest|pm --reason TEXT --message TEXT'
].join('\n  ')

export async function bookingCommand(argv: string[], out: Output): Promise<number> {
  const [sub, ...rest] = argv
  if (sub === 'show') return show(rest, out)
  if (sub === 'cancel') return cancel(rest, out)
  throw new UsageError(`booking: expected "show" or "cancel", got ${sub ? `"${sub}"` : 'nothing'}`)
}

function bookingId(value: string | undefined): string {
  if (!value || value.trim() === '') throw new UsageError('a booking id is required')
  return value.trim()
}

async function show(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parse(argv, {})
  const id = bookingId(positionals[0])
  const ctx = new CliContext(values)
  try {
    const channel = ctx.channel
    if (!channel)
      throw new UsageError('give --channel CODE (the sales channel the booking was made through)')
    const b = await ctx.client().booking(id, channel)
    if (ctx.json) {
      out.json(b)
      return 0
    }
    out.line(`Booking ${b.id}: ${b.status}${b.paymentStatus ? `, payment ${b.paymentStatus}` : ''}`)
    out.line(
      `  stay     ${b.checkIn.date} ${b.checkIn.time ?? ''} to ${b.checkOut.date} ${b.checkOut.time ?? ''}`.trimEnd()
    )
    if (b.guest)
      out.line(
        `  guest    ${[b.guest.firstName, b.guest.lastName].filter(Boolean).join(' ')} ${b.guest.email ?? ''}`.trimEnd()
      )
    if (b.adults !== undefined) out.line(`  adults   ${b.adults}`)
    if (b.payment?.amount !== undefined)
      out.line(`  amount   ${b.payment.amount} ${b.payment.currency ?? 'EUR'}`)
    for (const i of b.instalments) {
      out.line(
        `  ${i.name ?? 'instalment'}  ${i.amount} due ${i.dueDate ?? '-'} ${i.status ?? ''}`.trimEnd()
      )
    }
    if (b.cancellationPolicy?.name) out.line(`  policy   ${b.cancellationPolicy.name}`)
    return 0
  } finally {
    await ctx.close()
  }
}

async function cancel(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parse(argv, {
    by: { type: 'string' },
    reason: { type: 'string' },
    message: { type: 'string' }
  })
  const id = bookingId(positionals[0])
  if (!CANCELLED_BY.includes(values.by as CancelledBy)) {
    throw new UsageError('--by must be "guest" or "pm"')
  }
  if (!values.reason?.trim()) throw new UsageError('--reason is required')
  if (!values.message?.trim())
    throw new UsageError('--message is required (it is sent to the other party)')
  const ctx = new CliContext(values)
  try {
    const result = await ctx.client().cancel(values.by as CancelledBy, {
      bookingId: id,
      reason: values.reason,
      message: values.message,
      salesChannel: ctx.channel
    })
    if (ctx.json) {
      out.json(result)
      return 0
    }
    out.line(
      `Booking ${result.id} is now ${result.status}${result.paymentStatus ? ` (payment ${result.paymentStatus})` : ''}.`
    )
    const refunded = result.instalments.reduce(
      (sum, i) => sum + Math.round((i.refundedAmount ?? 0) * 100),
      0
    )
    out.line(`  refunded ${(refunded / 100).toFixed(2)} EUR`)
    return 0
  } finally {
    await ctx.close()
  }
}
