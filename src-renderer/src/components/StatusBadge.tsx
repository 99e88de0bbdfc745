import { Badge } from '@mantine/core'
import classes from './StatusBadge.module.css'
import { bookingStatusLabel, paymentStatusLabel, statusTone } from '@shared/domain/booking-status'

const TONE_COLOR = {
  ok: 'teal',
  waiting: 'yellow',
  ended: 'gray',
  problem: 'red',
  unknown: 'violet'
} as const

/**
 * A booking's status in plain words (the colour only repeats what the words say). A status
 * StayDesk does not know is shown as the service wrote it.
 */
export function BookingStatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={TONE_COLOR[statusTone(status)]}
      variant="light"
      data-status={status}
      classNames={{ root: classes.whole, label: classes.wholeLabel }}
      style={{ overflow: 'visible' }}
    >
      {bookingStatusLabel(status)}
    </Badge>
  )
}

export function PaymentStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return null
  const tone = ['success', 'paid', 'refunded'].includes(status)
    ? 'teal'
    : status === 'failure'
      ? 'red'
      : 'gray'
  return (
    <Badge
      color={tone}
      variant="outline"
      className={classes.readableOutline}
      classNames={{ root: classes.whole, label: classes.wholeLabel }}
      data-payment-status={status}
      style={{ overflow: 'visible' }}
    >
      {paymentStatusLabel(status)}
    </Badge>
  )
}
