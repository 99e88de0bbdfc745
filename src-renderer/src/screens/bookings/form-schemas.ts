import { z } from 'zod'
import { CancelInput } from '@shared/ipc/bookings.schema'
import { cardSchema } from '../../components/card-schema'
import { labelledResolver } from './form-labels'

/**
 * The dialogs' forms, checked with the commands' own schemas (main checks the same again), their
 * messages labelled for the field they sit under.
 */

export interface CancelValues {
  by: 'guest' | 'pm'
  reason: string
  message: string
}

export const CANCEL_FIELDS = ['by', 'reason', 'message'] as const

export const cancelFormResolver = labelledResolver(
  CancelInput.pick({ by: true, reason: true, message: true }),
  { by: 'Cancelled by', reason: 'Reason', message: 'Message' }
)

export const CARD_FIELDS = ['card.name', 'card.number', 'card.expiration', 'card.cvc'] as const

/** The pay form: one card, its expiry checked against `today` (YYYY-MM-DD, UTC). */
export function payFormResolver(today?: string) {
  const labels = {
    'card.name': 'Name on the card',
    'card.number': 'Card number',
    'card.expiration': 'Expiry',
    'card.cvc': 'Security code'
  }
  const resolve = labelledResolver(z.object({ card: cardSchema(today) }), labels)
  return (values: { card: Record<'name' | 'number' | 'expiration' | 'cvc', string> }) => {
    const errors = resolve(values)
    // An empty field is missing, not malformed: "is required" says what to do about it.
    for (const key of ['number', 'expiration', 'cvc'] as const) {
      const path = `card.${key}` as const
      if (errors[path] && !values.card[key].trim()) errors[path] = `${labels[path]} is required`
    }
    return errors
  }
}

/** "12 / 500 characters", counted as sent (trimmed), and how many too many. */
export function charCount(text: string, max: number): string {
  const n = text.trim().length
  return `${n} / ${max} characters${n > max ? ` — ${n - max} too many` : ''}`
}
