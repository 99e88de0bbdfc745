import type { QuoteView } from '@shared/ipc/desk.schema'
import { formatDay } from '../../components/format'
import type { StayRange } from './grid-nav'

/**
 * The selected stay's estimate in lines, as the quote screen orders a breakdown (the discount
 * already deducted from the rental amount; only mandatory cleaning in the total; taxes paid at
 * check-in, never in the total), and the stay itself in one line.
 */

export interface EstimateLine {
  key: string
  label: string
  cents: number
  minus?: boolean
  total?: boolean
}

const RULE: Record<NonNullable<QuoteView['discountRule']>['kind'], string> = {
  longerStay: 'longer-stay',
  lastMinute: 'last-minute',
  earlyBird: 'early-bird'
}

export function discountLabel(view: QuoteView): string {
  const rule = view.discountRule
  return rule ? `Discount (${RULE[rule.kind]}, ${rule.percent}%)` : 'Discount'
}

const CLEANING: Record<string, string> = {
  mandatory: 'Cleaning (mandatory, in the total)',
  optional: 'Cleaning (optional, not in the total)',
  included: 'Cleaning (included in the rent)'
}

/** The lines that make up the total, ending with the total to pay. */
export function totalLines(view: QuoteView): EstimateLine[] {
  const lines: EstimateLine[] = [
    {
      key: 'beforeDiscount',
      label: 'Nightly total before discount',
      cents: view.beforeDiscountCents
    }
  ]
  if (view.discountCents !== 0) {
    lines.push({
      key: 'discount',
      label: discountLabel(view),
      cents: view.discountCents,
      minus: true
    })
  }
  lines.push({ key: 'rental', label: 'Rental amount', cents: view.rentalRateCents })
  if (view.cleaningFeeBasis !== 'included' || view.cleaningCents !== 0) {
    lines.push({
      key: 'cleaning',
      label: CLEANING[view.cleaningFeeBasis] ?? `Cleaning (${view.cleaningFeeBasis})`,
      cents: view.cleaningCents
    })
  }
  lines.push({ key: 'total', label: 'Total to pay', cents: view.totalCents, total: true })
  return lines
}

/** Paid at check-in, not in the total: each tax, then the local tax, then the deposit. */
export function besideLines(view: QuoteView): EstimateLine[] {
  const lines: EstimateLine[] = view.taxes.map((t, i) => ({
    key: `tax-${i}`,
    label: `${t.name} (at check-in)`,
    cents: t.cents
  }))
  if (view.localTaxCents !== null) {
    lines.push({ key: 'localTax', label: 'Local tax (at check-in)', cents: view.localTaxCents })
  }
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
