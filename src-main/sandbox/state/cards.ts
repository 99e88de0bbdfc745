import type { CreditCard } from '@shared/api'
import { SandboxError } from '../types'

/**
 * Test cards after the common payment-provider convention. The sandbox never keeps a card:
 * it checks it, decides the outcome and keeps at most brand and last four digits. The checks
 * are the sandbox's own (a payment provider's, as the service applies them), not the app's
 * form checks (src-shared/domain/card.ts): a test of the app refusing a card the service
 * refuses proves something only when the two are written apart.
 */

/**
 * Cards that pay (Visa 4242 4242 4242 4242, Mastercard 5555 5555 5555 4444); every other valid
 * number, 4000 0000 0000 0002 included, is declined, as a provider's test mode does.
 */
const ACCEPTED = new Set(['4242424242424242', '5555555555554444'])

/** The mod-10 check digit: from the right, every second digit doubled, digit sums added. */
function checkDigitValid(digits: string): boolean {
  const sum = [...digits].reverse().reduce((total, ch, i) => {
    const d = Number(ch) * (i % 2 === 1 ? 2 : 1)
    return total + (d > 9 ? d - 9 : d)
  }, 0)
  return sum % 10 === 0
}

/** The network a number belongs to, by its leading digits (IIN ranges). */
function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa'
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  return 'card'
}

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
  // Spaces and dashes as printed on the card are not part of the number.
  const digits = card.number.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !checkDigitValid(digits)) {
    throw new SandboxError(400, 'creditCard.number is not a valid card number')
  }
  const brand = brandOf(digits)
  const cvcLength = brand === 'amex' ? 4 : 3
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    throw new SandboxError(400, `creditCard.cvc must be ${cvcLength} digits`)
  }
  // MM/YY; a card is good through the last day of its month.
  const expiry = /^(\d{2})\/(\d{2})$/.exec(card.expiration.trim())
  if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) {
    throw new SandboxError(400, 'creditCard.expiration must be MM/YY')
  }
  if (`20${expiry[2]}-${expiry[1]}` < today.slice(0, 7)) {
    throw new SandboxError(400, 'creditCard.expiration is in the past')
  }
  return { accepted: ACCEPTED.has(digits), brand, last4: digits.slice(-4) }
}
