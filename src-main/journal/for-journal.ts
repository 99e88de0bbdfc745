import { cardDigits, maskCard, type CardBrand, type MaskedCard } from '@shared/domain/card'
import { MASK, redactText, redactValue } from '../api/redact'

/**
 * What of a request or an answer may be kept in the journal (PCI DSS 3.3.1, 3.4.1; reliability
 * checklist section 5): a card object is reduced to its brand and last four digits, and every
 * other value goes through redactValue, which masks secret keys (number, cvc, token, ...) and
 * scrubs strings of Luhn-valid digit runs and Bearer values. The card's own number and code are
 * also scrubbed wherever else they appear in the body (a note, an echo in an error message).
 */

/** Keys whose object value is a card, in the service's requests and StayDesk's own inputs. */
const CARD_KEYS = new Set(['creditCard', 'card'])

const BRANDS: readonly CardBrand[] = ['visa', 'mastercard', 'amex', 'card']

/**
 * Bodies are JSON and shallow; deeper than this is not a body but a mistake (or a cycle), and it
 * is masked rather than copied, so a depth limit can never let a secret through.
 */
const MAX_DEPTH = 32

type Plain = Record<string, unknown>

const isObject = (v: unknown): v is Plain => v !== null && typeof v === 'object'

function cardNumber(card: Plain): string | undefined {
  const n = card.number
  if (typeof n === 'number') return String(n)
  return typeof n === 'string' ? cardDigits(n) : undefined
}

/** A card as the journal keeps it: `{ brand, last4 }`, or the mask when neither can be told. */
function maskedCard(card: Plain): MaskedCard | typeof MASK {
  const digits = cardNumber(card)
  if (digits !== undefined && /^\d{4,}$/.test(digits)) return maskCard(digits)
  if (digits === undefined && typeof card.last4 === 'string' && /^\d{4}$/.test(card.last4)) {
    const brand = BRANDS.find((b) => b === card.brand) ?? 'card'
    return { brand, last4: card.last4 }
  }
  return MASK
}

/** The numbers and codes of every card in the body, to scrub their echoes elsewhere in it. */
function cardValues(value: unknown, out: string[], depth = 0): string[] {
  if (!isObject(value) || depth > MAX_DEPTH) return out
  for (const [key, v] of Object.entries(value)) {
    if (CARD_KEYS.has(key) && isObject(v)) {
      const digits = cardNumber(v)
      if (digits !== undefined && digits.length >= 4) out.push(digits)
      if (typeof v.cvc === 'string' && v.cvc.length > 0) out.push(v.cvc)
    } else {
      cardValues(v, out, depth + 1)
    }
  }
  return out
}

function copy(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'bigint') return String(value)
  if (!isObject(value)) return redactValue(value, secrets)
  if (depth > MAX_DEPTH) return MASK
  if (typeof value.toJSON === 'function') return copy(value.toJSON(), secrets, depth + 1)
  if (Array.isArray(value)) return value.map((v) => copy(v, secrets, depth + 1))
  // Entries, not assignment: a `__proto__` key from parsed JSON stays an ordinary key.
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      if (CARD_KEYS.has(key) && isObject(v)) return [key, maskedCard(v)]
      if (isObject(v)) return [key, copy(v, secrets, depth + 1)]
      // Through redactValue with its key, so a secret key (number, cvc, token) is masked whole.
      return [key, (redactValue({ [key]: v }, secrets) as Plain)[key]]
    })
  )
}

/**
 * A deep copy of `body` that is safe to keep in the journal. `secrets` are further values to
 * scrub, e.g. the card values of the request when copying its answer (cardSecrets in
 * src-main/api/redact.ts). Idempotent: a body already made safe comes out the same.
 */
export function forJournal(body: unknown, secrets: readonly string[] = []): unknown {
  const all = [...secrets, ...cardValues(body, [])].filter((s) => s.length > 0)
  return copy(body, all, 0)
}

/** A message kept in the journal: the service's text may echo what it was sent. */
export function messageForJournal(message: string, secrets: readonly string[] = []): string {
  return redactText(message, secrets)
}
