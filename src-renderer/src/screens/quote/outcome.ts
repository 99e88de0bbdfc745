import type { CreateOutcome } from '@shared/ipc/bookings.schema'
import { bookingStatusLabel } from '@shared/domain/booking-status'
import { maskedLabel } from '@shared/domain/card'
import { formatCents, formatDay } from '../../components/text'
import type { Via } from '../../components/data-source'
import { refusedTitle } from '../bookings/team-words'

/**
 * A create's outcome in the words the agent passes on to the guest: what the service did, how
 * the guest pays, and what happens next. Pure, so the words are unit-tested.
 */

export type CreateDone = Extract<CreateOutcome, { outcome: 'done' }>

export const UNKNOWN_TITLE = 'The outcome is unknown; nothing was sent twice'

/** The create's title; a refusal names who refused: the service, or a team profile's hub. */
export function outcomeTitle(o: CreateOutcome, via: Via = 'service'): string {
  if (o.outcome === 'refused') return refusedTitle('booking', o, via)
  if (o.outcome === 'unknown') return UNKNOWN_TITLE
  if (o.status === 'confirmed') return 'Booking confirmed'
  if (o.status === 'pendingPayment') return 'Booking made: awaiting payment'
  if (o.status === 'pendingConfirm')
    return 'Booking made: awaiting the property manager’s confirmation'
  return `Booking made: ${bookingStatusLabel(o.status)}`
}

/** Where and how the expiry is written; for tests; the app writes in the reader's own. */
export interface ExpiryZone {
  locale?: string
  timeZone?: string
}

/**
 * The service's end of payment period, `YYYY-MM-DD HH:mm:ss` in UTC (or ISO 8601), in one
 * format: the agent's local time, said to be theirs, with the UTC time beside it written the
 * same way ("Nov 26, 2026, 8:23 PM your time (7:23 PM UTC)"; the UTC date too when it is
 * another day there). Where the agent's time is UTC, once ("… 7:23 PM UTC"). As written when
 * it can't be read.
 */
export function expiryText(expiresAt: string | null, zone: ExpiryZone = {}): string | null {
  if (!expiresAt) return null
  const s = expiresAt.trim()
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(s) ? `${s.replace(' ', 'T')}Z` : s
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return s
  const format = (options: Intl.DateTimeFormatOptions, timeZone: string | undefined) =>
    new Intl.DateTimeFormat(zone.locale, { ...options, timeZone }).format(ms)
  const full: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }
  const here = format(full, zone.timeZone)
  const utc = format(full, 'UTC')
  if (here === utc) return `${utc} UTC`
  const day: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }
  const sameDay = format(day, zone.timeZone) === format(day, 'UTC')
  return `${here} your time (${sameDay ? format({ timeStyle: 'short' }, 'UTC') : utc} UTC)`
}

function isPaidStatus(status: string | null): boolean {
  return status === 'paid' || status === 'success'
}

/** "the deposit, €349.36": an instalment in a sentence, by the name the service gives it. */
function instalmentInSentence(i: CreateDone['instalments'][number], index: number): string {
  const name = i.name ? i.name : `instalment ${index + 1}`
  return `the ${name}, ${formatCents(i.amountCents)}`
}

/**
 * What a card paid and what is still due, from the instalments as the service holds them: said
 * only when they show both (a deposit paid, a balance due); null otherwise.
 */
function partPaidSentence(o: CreateDone, card: string): string | null {
  const numbered = o.instalments.map((i, index) => ({ i, index }))
  const paid = numbered.filter(({ i }) => isPaidStatus(i.status))
  const due = numbered.filter(({ i }) => !isPaidStatus(i.status))
  if (paid.length === 0 || due.length === 0) return null
  const list = (xs: typeof numbered, withDate: boolean) =>
    xs
      .map(
        ({ i, index }) =>
          `${instalmentInSentence(i, index)}${withDate ? `, by ${formatDay(i.dueDate)}` : ''}`
      )
      .join('; ')
  return `${card} paid ${list(paid, false)}. Still due: ${list(due, true)}.`
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
  if (isPaidStatus(o.paymentStatus)) {
    return `${card ? `Paid in full with ${card}.` : 'Paid in full.'}${confirm}`
  }
  if (o.paymentStatus === 'failure') return `The payment failed. ${link}${confirm}`
  if (card) {
    const part = partPaidSentence(o, card)
    if (part) return `${part}${confirm}`
    return `${card} paid what is due now; the rest is due as the instalments say.${confirm}`
  }
  return `Nothing has been paid yet. ${link}${confirm}`
}

/** Whether to show the payment link: whenever something is left to pay through it. */
export function showsPaymentLink(o: CreateDone): boolean {
  return !!o.paymentUrl && !isPaidStatus(o.paymentStatus)
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

/**
 * "deposit" → "Deposit", the service's own name (main takes it from its read of the new booking:
 * the create answer names none); numbered in order only when the service named none.
 */
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
