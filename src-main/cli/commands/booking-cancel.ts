import { CANCELLED_BY, type CancelledBy } from '@shared/api'
import { CancelInput, type CancelOutcome, type KeptBooking } from '@shared/ipc/bookings.schema'
import { cancelBooking } from '../../features/bookings/cancel'
import { AppError } from '../../errors'
import { parse, UsageError } from '../args'
import { CliContext } from '../context'
import { euros, statusWords, type Output } from '../output'

export function bookingId(value: string | undefined): string {
  if (!value || value.trim() === '') throw new UsageError('a booking id is required')
  return value.trim()
}

/**
 * `staydesk booking cancel ID`: the desk's own cancellation, so it goes out once, is journaled
 * when sent and when answered, and the booking is read again and kept, as from the window. A
 * refusal or an unknown outcome exits 1; an unknown one is never sent again, only read back.
 */
export async function cancelCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parse(argv, {
    by: { type: 'string' },
    reason: { type: 'string' },
    message: { type: 'string' },
    confirm: { type: 'string' }
  })
  const id = bookingId(positionals[0])
  if (!CANCELLED_BY.includes(values.by as CancelledBy)) {
    throw new UsageError('--by must be "guest" or "pm"')
  }
  if (!values.reason?.trim()) throw new UsageError('--reason is required')
  if (!values.message?.trim())
    throw new UsageError('--message is required (it is sent to the other party)')
  const parsed = CancelInput.safeParse({
    bookingId: id,
    by: values.by,
    reason: values.reason,
    message: values.message,
    ...(values.confirm !== undefined ? { confirmation: values.confirm } : {})
  })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const flag = issue.path[0] === 'bookingId' ? 'ID' : `--${String(issue.path[0])}`
    throw new UsageError(`${flag}: ${issue.message}`)
  }
  const ctx = new CliContext(values)
  try {
    const profileCtx = await ctx.profileContext({ journal: true })
    let outcome: CancelOutcome
    try {
      outcome = await cancelBooking(profileCtx, parsed.data)
    } catch (err) {
      if (err instanceof AppError && err.field === 'confirmation') {
        throw new UsageError(
          `--confirm ${id} is required: profile "${profileCtx.profile().name}" is a production ` +
            'profile and works on live data'
        )
      }
      throw err
    }
    if (ctx.json) out.json(outcome)
    else report(out, id, outcome)
    if (outcome.outcome === 'done') return 0
    process.stderr.write(`staydesk: ${failure(id, outcome)}\n`)
    return 1
  } finally {
    await ctx.close()
  }
}

function failure(id: string, outcome: Exclude<CancelOutcome, { outcome: 'done' }>): string {
  return outcome.outcome === 'refused'
    ? `the service refused to cancel booking ${id}`
    : `the outcome of the cancellation of booking ${id} is unknown; it was not sent again`
}

function report(out: Output, id: string, outcome: CancelOutcome): void {
  switch (outcome.outcome) {
    case 'done': {
      const { status, paymentStatus } = outcome
      out.line(`Booking ${id} is now ${status}: ${statusWords(status, paymentStatus)}.`)
      for (const r of outcome.refunds) out.line(`  refund    ${r.name}: ${euros(r.refundCents)}`)
      out.line(`  refunded  ${euros(outcome.refundCents)} in total`)
      return
    }
    case 'refused':
      out.line(`The service refused to cancel booking ${id}: ${outcome.message}`)
      out.line(readAgain(id, outcome.booking))
      return
    case 'unknown':
      out.line(`The outcome of the cancellation of booking ${id} is unknown: ${outcome.message}`)
      out.line('It was not sent again.')
      out.line(readAgain(id, outcome.booking))
  }
}

function readAgain(id: string, kept: KeptBooking | null): string {
  if (!kept) {
    return `Booking ${id} could not be read again; see where it stands with "staydesk booking show ${id}".`
  }
  const b = kept.booking
  return `Read again just now, booking ${id} is ${b.status}: ${statusWords(b.status, b.paymentStatus)}.`
}
