import type { CreateOutcome } from '@shared/ipc/desk.schema'
import { bookingStatusLabel } from '@shared/domain/booking-status'
import { maskedLabel } from '@shared/domain/card'
import { formatDateTime } from '../../components/format'

/**
 * A create's outcome in the words the agent passes on to the guest: what the service did, how
 * the guest pays, and what happens next. Pure, so the words are unit-tested.
 */

export type CreateDone = Extract<CreateOutcome, { outcome: 'done' }>

export const UNKNOWN_TITLE = 'The outcome is unknown; nothing was sent twice'

export function outcomeTitle(o: CreateOutcome): string {
  if (o.outcome === 'refused') return 'The service refused the booking'
  if (o.outcome === 'unknown') return UNKNOWN_TITLE
  if (o.status === 'confirmed') return 'Booking confirmed'
  if (o.status === 'pendingPayment') return 'Booking made: awaiting payment'
  if (o.status === 'pendingConfirm')
    return 'Booking made: awaiting the property manager’s confirmation'
  return `Booking made: ${bookingStatusLabel(o.status)}`
}

/**
 * The service's end of payment period, `YYYY-MM-DD HH:mm:ss` in UTC (or ISO 8601), in the
 * agent's local time with the UTC original, or as written when it can't be read.
 */
export function expiryText(expiresAt: string | null): string | null {
  if (!expiresAt) return null
  const s = expiresAt.trim()
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(s) ? `${s.replace(' ', 'T')}Z` : s
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return s
  return `${formatDateTime(ms)} (${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC)`
}

/** What happened to the payment, and how the guest pays what is still open. */
export function paymentSentence(o: CreateDone): string {
  const card = o.card ? maskedLabel(o.card) : null
  const until = expiryText(o.expiresAt)
  const link = until
    ? `The guest can pay on the payment page until ${until}.`
    : 'The guest can pay on the payment page.'
  if (o.status === 'pendingPayment') {
    if (o.paymentStatus === 'failure') {
      return `${card ? `The card ${card} was declined.` : 'The payment failed.'} ${link}`
    }
    return `No card was charged. ${link}`
  }
  const confirm =
    o.status === 'pendingConfirm' ? ' The property manager confirms within 24 hours.' : ''
  if (o.paymentStatus === 'success') {
    return `${card ? `Paid in full with ${card}.` : 'Paid in full.'}${confirm}`
  }
  if (o.paymentStatus === 'failure') return `The payment failed. ${link}${confirm}`
  if (card) {
    return `${card} paid what is due now; the rest is due as the instalments say.${confirm}`
  }
  return `Nothing has been paid yet. ${link}${confirm}`
}

/** Whether to show the payment link: whenever something is left to pay through it. */
export function showsPaymentLink(o: CreateDone): boolean {
  return !!o.paymentUrl && o.paymentStatus !== 'success'
}

const INSTRUCTION_LABELS: [string, string][] = [
  ['accountName', 'Account name'],
  ['iban', 'IBAN'],
  ['swift', 'SWIFT / BIC'],
  ['bankName', 'Bank'],
  ['bankCode', 'Bank code'],
  ['accountNumber', 'Account number'],
  ['checkDigits', 'Check digits'],
  ['bankAccountCountry', 'Bank country'],
  ['bankAccountCurrency', 'Currency'],
  ['branchAddress', 'Branch address']
]

/** Bank transfer details in a fixed order; fields the service adds later come last. */
export function instructionLines(
  instructions: CreateDone['paymentInstructions']
): { label: string; value: string }[] {
  if (!instructions) return []
  const known = new Set(INSTRUCTION_LABELS.map(([k]) => k))
  const lines = INSTRUCTION_LABELS.filter(([k]) => instructions[k] !== undefined).map(
    ([k, label]) => ({ label, value: String(instructions[k]) })
  )
  for (const [k, v] of Object.entries(instructions)) {
    if (!known.has(k)) lines.push({ label: k, value: String(v) })
  }
  return lines.filter((l) => l.value.trim() !== '')
}

/** "deposit" → "Deposit"; the create answer names none, so they are numbered in order. */
export function instalmentName(name: string | null, index: number): string {
  if (!name) return `Instalment ${index + 1}`
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/** An instalment's state in words (`init`: created, not paid yet); unknown ones as written. */
export function instalmentStatusText(status: string | null): string {
  if (!status) return 'Not stated'
  if (status === 'init' || status === 'pending') return 'Not paid yet'
  if (status === 'paid' || status === 'success') return 'Paid'
  if (status === 'failure' || status === 'failed') return 'Payment failed'
  return status
}
