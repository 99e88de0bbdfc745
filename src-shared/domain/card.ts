/**
 * Payment cards as StayDesk handles them: only ever checked and forwarded, never kept. What is
 * kept or shown of a card is its brand and last four digits (PCI DSS 3.4.1). The service, the
 * sandbox and the app's forms apply these same rules.
 */

/** The digits of a typed card number: spaces and dashes (as printed on cards) removed. */
export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, '')
}

/** The Luhn checksum every card number carries in its last digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
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

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'card'

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  return 'card'
}

/** All that may be kept or shown of a card: "visa •••• 4242". */
export interface MaskedCard {
  brand: CardBrand
  last4: string
}

export function maskCard(number: string): MaskedCard {
  const digits = cardDigits(number)
  return { brand: cardBrand(digits), last4: digits.slice(-4) }
}

export const BRAND_LABEL: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  card: 'Card'
}

/** "Visa •••• 4242" */
export function maskedLabel(card: MaskedCard): string {
  return `${BRAND_LABEL[card.brand]} •••• ${card.last4}`
}

/** American Express cards have a 4-digit security code; others 3. */
export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3
}

/**
 * Why an expiry `MM/YY` can't be used on `today` (YYYY-MM-DD), or undefined when it can. A card
 * is valid through the last day of its expiry month.
 */
export function expiryProblem(expiration: string, today: string): string | undefined {
  const m = /^(\d{2})\/(\d{2})$/.exec(expiration.trim())
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return 'must be MM/YY'
  if (`20${m[2]}-${m[1]}` < today.slice(0, 7)) return 'has passed'
  return undefined
}

/**
 * A card-like number inside free text: a run of 13 to 19 digits, grouped by single spaces or
 * dashes as cards are printed, that is not part of a longer run. The one rule for text fields
 * (a cancel's reason and message, a booking's notes, a journal note) and for scrubbing text.
 */
const CARD_LIKE_RUN = /(?<!\d[ -]?)\d(?:[ -]?\d){12,18}(?![ -]?\d)/g

/**
 * A UUID (a profile's id, a journal entry's): its digit groups joined by dashes can make a
 * Luhn-valid run ("…41f1-1704-4859-8199-1ae…"), which is an id, never a card.
 */
const UUID =
  /(?<![0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f])/gi

/**
 * The Luhn-valid card-like runs of `text`, found with each UUID blanked to as many non-digits:
 * the UUID's digits are never taken for a card, or for the start of one beside it, and every
 * match stands at the same place in `text`.
 */
function cardNumbersIn(text: string): RegExpExecArray[] {
  const plain = text.replace(UUID, (id) => '_'.repeat(id.length))
  return [...plain.matchAll(CARD_LIKE_RUN)].filter((m) => luhnValid(cardDigits(m[0])))
}

/** True when `text` holds a Luhn-valid card-like number (see CARD_LIKE_RUN). */
export function holdsCardNumber(text: string): boolean {
  return cardNumbersIn(text).length > 0
}

/** `text` with every Luhn-valid card-like number (see CARD_LIKE_RUN) replaced: for scrubbing. */
export function maskCardNumbers(text: string, mask: string): string {
  let out = ''
  let at = 0
  for (const m of cardNumbersIn(text)) {
    out += text.slice(at, m.index) + mask
    at = m.index + m[0].length
  }
  return out + text.slice(at)
}

/** What a text field says when it holds one: card data is never written into text. */
export const CARD_IN_TEXT =
  'must not hold a card number (card numbers are never written into text): remove it'
