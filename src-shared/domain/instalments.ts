import { addDays, daysBetween, type IsoDate } from './dates'
import { splitCents, type Cents } from './money'

/**
 * How the guest pays the total: a deposit now and the balance before arrival when check-in is
 * far enough away, otherwise everything now (docs/pricing.md, "Instalments").
 */

export interface PlannedInstalment {
  name: string
  amountCents: Cents
  dueDate: IsoDate
}

/** Deposit share of the total, in percent. */
const DEPOSIT_PERCENT = 30
/** The balance falls due this many days before check-in; also the split threshold. */
const BALANCE_DAYS_BEFORE_CHECK_IN = 30

/** The instalments always add up to `totalCents` exactly: splitCents hands out every cent. */
export function planInstalments(
  totalCents: Cents,
  today: IsoDate,
  checkIn: IsoDate
): PlannedInstalment[] {
  if (daysBetween(today, checkIn) > BALANCE_DAYS_BEFORE_CHECK_IN) {
    const [deposit, balance] = splitCents(totalCents, [DEPOSIT_PERCENT, 100 - DEPOSIT_PERCENT])
    return [
      { name: 'deposit', amountCents: deposit, dueDate: today },
      {
        name: 'balance',
        amountCents: balance,
        dueDate: addDays(checkIn, -BALANCE_DAYS_BEFORE_CHECK_IN)
      }
    ]
  }
  return [{ name: 'full', amountCents: totalCents, dueDate: today }]
}
