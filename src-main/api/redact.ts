import { maskCardNumbers } from '@shared/domain/card'

/**
 * Scrubbing for anything that may reach a log or an error message: access tokens, Bearer
 * header values and card data (PCI DSS 3.3.1: no PAN or CVC in logs, even by accident).
 */

export const MASK = '[redacted]'

/** Keys whose values are always secret, whatever they hold. */
const SECRET_KEYS =
  /^(authorization|token|accesstoken|number|cardnumber|pan|cvc|cvv|expiration|exp)$/i

/** Masks the given secrets, any `Bearer <value>`, and Luhn-valid card-like digit runs. */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text
  for (const secret of secrets) {
    if (/^\d{3,}$/.test(secret)) {
      // Short digit secrets (a CVC) only match as a whole number, not inside a longer one.
      out = out.replace(new RegExp(`(?<!\\d)${secret}(?!\\d)`, 'g'), MASK)
    } else if (secret.length >= 4) {
      out = out.split(secret).join(MASK)
    }
  }
  out = out.replace(/(Bearer\s+)[^\s"',;]+/gi, `$1${MASK}`)
  // The one rule for card numbers in text (src-shared/domain/card.ts), as the forms apply it.
  out = maskCardNumbers(out, MASK)
  out = out.replace(/("(?:cvc|cvv)"\s*:\s*")[^"]*"/gi, `$1${MASK}"`)
  // The same field as util.inspect, a query string or a form writes it: cvc: '737', cvc=737.
  out = out.replace(/\b(cvc|cvv)\b(['"]?\s*[:=]\s*['"]?)\d{3,4}\b/gi, `$1$2${MASK}`)
  return out
}

/** A deep copy with secret keys masked and strings scrubbed, for structured logs. */
export function redactValue(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, secrets)
  if (depth > 8 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      SECRET_KEYS.test(key) || key === 'creditCard' ? MASK : redactValue(v, secrets, depth + 1)
  }
  return out
}

/** The card values inside a request body, so a service that echoes them can be scrubbed. */
export function cardSecrets(body: unknown): string[] {
  const card = (body as { creditCard?: Record<string, unknown> } | null)?.creditCard
  if (!card || typeof card !== 'object') return []
  return ['number', 'cvc', 'expiration']
    .map((k) => card[k])
    .filter((v): v is string => typeof v === 'string' && v.length > 0)
}
