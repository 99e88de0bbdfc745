import type { JournalEntry } from '@shared/ipc/journal.schema'
import { JOURNAL_ACTIONS, JOURNAL_OUTCOMES } from '@shared/ipc/journal.schema'
import { maskedLabel, type CardBrand } from '@shared/domain/card'

/**
 * The audit journal in words: actions, outcomes, the filter sent to main, what a saved export
 * says, and the JSON of a write made readable. Pure, so the words are unit-tested.
 */

export type JournalAction = (typeof JOURNAL_ACTIONS)[number]
export type JournalOutcome = (typeof JOURNAL_OUTCOMES)[number]

export const ACTION_WORDS: Record<JournalAction, string> = {
  cancel: 'Cancel booking',
  create: 'Create booking',
  pay: 'Pay booking',
  reference: 'Set listing reference',
  references: 'Set listing references'
}

export const OUTCOME_WORDS: Record<JournalOutcome, string> = {
  done: 'Done',
  refused: 'Refused',
  unknown: 'Unknown',
  'not-sent': 'Not sent',
  pending: 'Pending'
}

/** What each outcome means, for the detail view and the outcome column's title. */
export const OUTCOME_MEANING: Record<JournalOutcome, string> = {
  done: 'The service did it.',
  refused: 'The service said no.',
  unknown:
    'Sent, but its outcome is not known (the answer was lost, or was a server error): check the booking before sending it again, then mark it settled.',
  'not-sent': 'It never reached the service.',
  pending: 'No answer recorded yet (or StayDesk stopped before it came).'
}

export const OUTCOME_COLOR: Record<JournalOutcome, string> = {
  done: 'teal',
  refused: 'red',
  unknown: 'orange',
  'not-sent': 'gray',
  pending: 'yellow'
}

const BRANDS: readonly CardBrand[] = ['visa', 'mastercard', 'amex', 'card']

/**
 * The card a write carried, as the journal keeps it (brand and last four digits), in words:
 * "Visa •••• 4242". Null when the write had no card.
 */
export function journalCard(sent: unknown): string | null {
  if (!sent || typeof sent !== 'object') return null
  const body = sent as Record<string, unknown>
  const card = (body.creditCard ?? body.card) as Record<string, unknown> | undefined
  if (!card || typeof card !== 'object') return null
  if (typeof card.last4 !== 'string') return 'Card (masked)'
  const brand = BRANDS.find((b) => b === card.brand) ?? 'card'
  return maskedLabel({ brand, last4: card.last4 })
}

/** The booking column: the booking id, and the own reference when there is one. */
export function bookingCell(e: Pick<JournalEntry, 'bookingId' | 'ownReference' | 'listingId'>): {
  primary: string
  secondary: string | null
} {
  if (e.bookingId) return { primary: e.bookingId, secondary: e.ownReference }
  if (e.ownReference) return { primary: e.ownReference, secondary: 'own reference' }
  if (e.listingId !== null) return { primary: `Listing ${e.listingId}`, secondary: null }
  return { primary: '—', secondary: null }
}

/** How long the service took to answer, or that no answer came. */
export function answerDelay(e: Pick<JournalEntry, 'sentAt' | 'answeredAt'>): string {
  if (e.answeredAt === null) return 'no answer'
  const ms = Math.max(0, e.answeredAt - e.sentAt)
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`
}
