import type { CreditCard } from '@shared/api'
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

export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  return 'card'
}

/**
 * Refusals are 400s (the request is wrong); a valid card that does not pay is an outcome, not
 * an error: the booking stays payable and the response says `failure`.
 */
export function chargeCard(card: CreditCard, today: string): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    throw new SandboxError(400, 'creditCard.number is not a valid card number')
  }
  const brand = brandOf(digits)
  const cvcLength = brand === 'amex' ? 4 : 3
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    throw new SandboxError(400, `creditCard.cvc must be ${cvcLength} digits`)
  }
  const m = /^(\d{2})\/(\d{2})$/.exec(card.expiration)
  const month = m ? Number(m[1]) : 0
  if (!m || month < 1 || month > 12)
    throw new SandboxError(400, 'creditCard.expiration must be MM/YY')
  // A card is valid through the last day of its expiry month.
  const expiry = `20${m[2]}-${m[1]}`
  if (expiry < today.slice(0, 7))
    throw new SandboxError(400, 'creditCard.expiration is in the past')
  return { accepted: ACCEPTED.has(digits), brand, last4: digits.slice(-4) }
}
