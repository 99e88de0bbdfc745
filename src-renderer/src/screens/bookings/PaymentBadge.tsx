import { PaymentStatusBadge } from '../../components/StatusBadge'
import classes from './Badges.module.css'

/**
 * The payment status in words, as the shared badge says it, in a text colour that meets AA
 * contrast (see Badges.module.css; to be fixed in components/StatusBadge.tsx itself).
 */
export function PaymentBadge({ status }: { status: string | null | undefined }) {
  if (!status) return null
  return (
    <span className={classes.readableOutline}>
      <PaymentStatusBadge status={status} />
    </span>
  )
}
