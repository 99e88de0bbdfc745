import { cardDigits, maskCard, type MaskedCard } from '@shared/domain/card'
import { cardSecrets, MASK, redactText } from '../../src-main/api/redact'

/**
 * What of a request or an answer the hub may keep (its journal, its kept bookings) or log: a
 * card object reduced to its brand and last four digits (PCI DSS 3.4.1), every string scrubbed
 * of card-like numbers, Bearer values and the request's own card values (a CVC echoed in a
 * note), by the desktop's rules (src-main/api/redact.ts, src-shared/domain/card.ts). Unlike a
 * log's redactValue, other keys keep their values: an address's `number` is not a card's.
 */

const CARD_KEYS = new Set(['creditCard', 'card'])

/** JSON bodies are shallow; deeper than this is masked rather than walked. */
const MAX_DEPTH = 32

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object'

function reducedCard(card: Record<string, unknown>): MaskedCard | typeof MASK {
  const digits = typeof card.number === 'string' ? cardDigits(card.number) : ''
  return /^\d{4,}$/.test(digits) ? maskCard(digits) : MASK
}

function copy(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return redactText(value, secrets)
  if (!isObject(value)) return value
  if (depth > MAX_DEPTH) return MASK
  if (Array.isArray(value)) return value.map((v) => copy(v, secrets, depth + 1))
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      CARD_KEYS.has(key) && isObject(v) ? reducedCard(v) : copy(v, secrets, depth + 1)
    ])
  )
}

/**
 * A deep copy of `body` safe to keep. `request` is the request it answers (or the body itself):
 * its card's number, code and expiry are scrubbed wherever they are echoed.
 */
export function keepable(body: unknown, request: unknown = body): unknown {
  return copy(body, cardSecrets(request), 0)
}
