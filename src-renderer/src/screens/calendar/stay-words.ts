import type { QuoteView } from '@shared/ipc/quotes.schema'
import { priceLines, quotePriceParts, type PriceLine } from '@shared/domain/money-lines'
import { formatDay } from '../../components/text'
import { checkInLines, offlineDiscountNote } from '../quote/breakdown'
import type { StayRange } from './grid-nav'

/**
 * The selected stay's estimate in lines, by the one rule the Quote screen, the booking page and
 * the voucher show a price by (src-shared/domain/money-lines.ts): lines that make the total they
 * end with. Beside them, what the guest pays apart from it (taxes at check-in, the deposit), and
 * the stay itself in one line.
 */

/** One line of the estimate: the shared rule's line, or one beside the total. */
export type EstimateLine = Omit<PriceLine, 'key'> & { key: string }

/**
 * The lines that make up the total, ending with the total to pay; the discount's note names its
 * rule as the Quote screen's estimate column does ("Longer-stay discount, 10%").
 */
export function totalLines(view: QuoteView): PriceLine[] {
  return priceLines(quotePriceParts(view), {
    discountNote: offlineDiscountNote(view),
    totalLabel: 'Total to pay'
  })
}

/** Paid apart from the total: the Quote screen’s check-in lines (taxes), then the deposit. */
export function besideLines(view: QuoteView): EstimateLine[] {
  const lines: EstimateLine[] = checkInLines(view).map((l) => ({
    ...l,
    label: `${l.label} (at check-in)`
  }))
  if (view.securityDepositCents !== null && view.securityDepositCents > 0) {
    lines.push({
      key: 'deposit',
      label: 'Security deposit (refundable)',
      cents: view.securityDepositCents
    })
  }
  return lines
}

const nights = (n: number) => (n === 1 ? '1 night' : `${n} nights`)

/** "Arrive Mon, 3 Mar 2027 · leave Mon, 10 Mar 2027 · 7 nights". */
export function rangeText(range: StayRange): string {
  return `Arrive ${formatDay(range.from)} · leave ${formatDay(range.to)} · ${nights(range.nights)}`
}
