import type { CreditCard } from '@shared/api'
import {
  cardBrand,
  cardDigits,
  cvcLength as cvcLengthOf,
  expiryProblem,
  luhnValid
} from '@shared/domain/card'
import { SandboxError } from '../types'

/**
 * Test cards after the common payment-provider convention. The sandbox never keeps a card:
 * it checks it, decides the outcome and keeps at most brand and last four digits.
 */

/**
 * Cards that pay (Visa 4242 4242 4242 4242, Mastercard 5555 5555 5555 4444); every other valid
 * number, 4000 0000 0000 0002 included, is declined, as a provider's test mode does.
 */
const ACCEPTED = new Set(['4242424242424242', '5555555555554444'])

export interface CardOutcome {
  accepted: boolean
  brand: string
  last4: string
}

/**
 * Refusals are 400s (the request is wrong); a valid card that does not pay is an outcome, not
 * an error: the booking stays payable and the response says `failure`.
 */
export function chargeCard(card: CreditCard, today: string): CardOutcome {
  const digits = cardDigits(card.number)
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    throw new SandboxError(400, 'creditCard.number is not a valid card number')
  }
  const brand = cardBrand(digits)
  const cvcLength = cvcLengthOf(brand)
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    throw new SandboxError(400, `creditCard.cvc must be ${cvcLength} digits`)
  }
  const expiry = expiryProblem(card.expiration, today)
  if (expiry === 'has passed') throw new SandboxError(400, 'creditCard.expiration is in the past')
  if (expiry) throw new SandboxError(400, `creditCard.expiration ${expiry}`)
  return { accepted: ACCEPTED.has(digits), brand, last4: digits.slice(-4) }
}
