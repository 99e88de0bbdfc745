/**
 * The sandbox's money arithmetic, written for the service side and independent of the client's
 * (src-shared/domain/money.ts): the client's quotes are checked against this code, so it must
 * not share the client's mistakes. Every EUR number is read as the decimal it is written as
 * (its shortest JavaScript spelling) into an exact BigInt fraction; the only rounding is the
 * one docs/pricing.md names, to the cent, half away from zero.
 */

/** An exact decimal: `units / 10^scale`. */
interface Decimal {
  units: bigint
  scale: number
}

/**
 * A JSON number as the decimal it spells: 135.5 is 1355/10, 1e-7 is 1/10^7. Reading the
 * spelling (not the binary value) is what a service storing decimal amounts would do.
 */
function decimalOf(value: number): Decimal {
  if (!Number.isFinite(value)) throw new RangeError(`not an amount: ${String(value)}`)
  const [mantissa, exponentText] = String(value).toLowerCase().split('e')
  const negative = mantissa.startsWith('-')
  const [whole, fraction = ''] = (negative ? mantissa.slice(1) : mantissa).split('.')
  let units = BigInt(whole + fraction)
  let scale = fraction.length - Number(exponentText ?? 0)
  if (scale < 0) {
    units *= 10n ** BigInt(-scale)
    scale = 0
  }
  return { units: negative ? -units : units, scale }
}

/** `numerator / denominator` rounded to a whole number, halves away from zero. */
function roundQuotient(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n
  const n = numerator < 0n ? -numerator : numerator
  const d = denominator < 0n ? -denominator : denominator
  const rounded = (2n * n + d) / (2n * d)
  return negative ? -rounded : rounded
}

function toSafeNumber(value: bigint): number {
  const n = Number(value)
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount out of range: ${value} cents`)
  return n
}

/** EUR as the service publishes it, in whole cents (a third decimal rounds, halves away from 0). */
export function eurInCents(eur: number): number {
  const { units, scale } = decimalOf(eur)
  return toSafeNumber(roundQuotient(units * 100n, 10n ** BigInt(scale)))
}

/** `percent`% of `cents`, to the cent, halves away from zero (9.2% of 375 cents is 34.5 → 35). */
export function percentOfCents(cents: number, percent: number): number {
  const { units, scale } = decimalOf(percent)
  return toSafeNumber(roundQuotient(BigInt(cents) * units, 100n * 10n ** BigInt(scale)))
}

/** Whole cents as the EUR number the wire carries: 53889 → 538.89. */
export function centsInEur(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return Number(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`)
}
