import { addDays, daysBetween } from '@shared/domain/dates'
import { percentOfCents } from './amounts'

/**
 * The guest's payment plan (the quote's guestPaymentInstallments; the spec shows the names
 * `deposit` and `balance` on bookings, not the rule). As docs/pricing.md writes it down: with
 * check-in more than 30 days away, a 30% deposit now and the balance 30 days before check-in;
 * otherwise the whole amount now. The deposit is rounded to the cent (halves up), the balance
 * is what is left, so the two always add up to the total.
 */

export interface PlannedPayment {
  name: string
  amountCents: number
  dueDate: string
}

const DEPOSIT_PERCENT = 30
const BALANCE_LEAD_DAYS = 30

export function paymentPlan(totalCents: number, today: string, checkIn: string): PlannedPayment[] {
  if (daysBetween(today, checkIn) <= BALANCE_LEAD_DAYS) {
    return [{ name: 'full', amountCents: totalCents, dueDate: today }]
  }
  const deposit = percentOfCents(totalCents, DEPOSIT_PERCENT)
  return [
    { name: 'deposit', amountCents: deposit, dueDate: today },
    {
      name: 'balance',
      amountCents: totalCents - deposit,
      dueDate: addDays(checkIn, -BALANCE_LEAD_DAYS)
    }
  ]
}
