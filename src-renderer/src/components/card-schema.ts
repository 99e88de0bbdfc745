import { z } from 'zod'
import { CreditCard } from '@shared/api/booking.schema'
import { expiryProblem } from '@shared/domain/card'
import { utcDateOf } from '@shared/domain/dates'
import type { CardValues } from './CardFields'

/**
 * The card part of a form: the shared CreditCard schema (12–19 digits with a valid check digit,
 * a 3- or 4-digit code as the brand needs, MM/YY), plus an expiry that has not passed today.
 */
export function cardSchema(today = utcDateOf(Date.now())) {
  return CreditCard.superRefine((card, ctx) => {
    const problem = expiryProblem(card.expiration, today)
    if (problem === 'has passed') {
      ctx.addIssue({ code: 'custom', path: ['expiration'], message: 'has passed' })
    }
  })
}

/** True when no card field was filled in (a card is optional where the service allows). */
export function cardIsEmpty(card: CardValues): boolean {
  return !card.name.trim() && !card.number.trim() && !card.expiration.trim() && !card.cvc.trim()
}

/** The card as the command takes it (undefined when left empty). */
export function cardInput(card: CardValues): z.input<typeof CreditCard> | undefined {
  if (cardIsEmpty(card)) return undefined
  return {
    ...(card.name.trim() ? { name: card.name.trim() } : {}),
    number: card.number,
    expiration: card.expiration.trim(),
    cvc: card.cvc.trim()
  }
}
