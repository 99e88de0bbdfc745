/**
 * Money inside StayDesk is integer euro cents. The service sends and expects EUR as JSON
 * floats; these are the only two places where floats and cents meet, so that sums such as
 * 5581.48 + 620.16 are exact (620164 cents, never 6201.639999...).
 */

export type Cents = number

/** EUR float from the wire to integer cents, rounding half away from zero at the cent. */
export function eurToCents(eur: number): Cents {
  if (!Number.isFinite(eur)) throw new RangeError(`not an amount: ${String(eur)}`)
  // eur * 100 can land a hair below the intended value (1.005 * 100 = 100.49999999999999);
  // rounding the product to 15 significant digits first restores the decimal the sender meant.
  // A product that is already a whole number under 10^15 is its own 15-digit rounding: taken as
  // it is, without the string round trip (the search prices thousands of stays at once).
  const product = Math.abs(eur) * 100
  const cents =
    Number.isInteger(product) && product < 1e15
      ? product
      : Math.round(Number(product.toPrecision(15)))
  return eur < 0 ? -cents : cents
}

/** Integer cents to the EUR float the service's JSON uses (exact to two decimals). */
export function centsToEur(cents: Cents): number {
  assertCents(cents)
  return Number((cents / 100).toFixed(2))
}

function assertCents(cents: number): asserts cents is Cents {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`)
}

/** Sum of cents; exact because every operand is an integer. */
export function sumCents(values: readonly Cents[]): Cents {
  let total = 0
  for (const v of values) total += v
  return total
}

/**
 * `percent`% of an amount, rounded half away from zero to the cent (used by discounts and %
 * taxes). The percentage is scaled to an integer by its decimal digits (9.2 -> 92 / 10) so the
 * product is exact: the float formula gives 375 * 9.2 / 100 = 34.49999... and rounds a true
 * 34.5 down to 34.
 */
export function percentOf(cents: Cents, percent: number): Cents {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(String(Math.abs(percent)))
  const decimals = m?.[2] ?? ''
  const scale = 100 * 10 ** decimals.length
  const num = Math.abs(cents) * Number(m ? m[1] + decimals : NaN)
  // Exponent notation (1e-7) or a product beyond 2^53 cannot be done exactly; use floats there.
  if (!m || !Number.isSafeInteger(num) || !Number.isSafeInteger(scale)) {
    return Math.round((cents * percent) / 100)
  }
  const rest = num % scale
  const whole = (num - rest) / scale + (2 * rest >= scale ? 1 : 0)
  return whole !== 0 && Math.sign(cents) * Math.sign(percent) < 0 ? -whole : whole
}

/**
 * Splits `total` into parts proportional to `weights` that add up to `total` exactly: each
 * part is rounded down and the remaining cents go to the largest remainders first.
 */
export function splitCents(total: Cents, weights: readonly number[]): Cents[] {
  const weightSum = weights.reduce((a, b) => a + b, 0)
  if (weights.length === 0 || weightSum <= 0)
    throw new RangeError('splitCents needs positive weights')
  const exact = weights.map((w) => (total * w) / weightSum)
  const parts = exact.map(Math.floor)
  let left = total - parts.reduce((a, b) => a + b, 0)
  const order = exact
    .map((x, i) => ({ i, rem: x - Math.floor(x) }))
    .sort((a, b) => b.rem - a.rem || a.i - b.i)
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k].i] += 1
  return parts
}

const EUR = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' })

/** "€1,234.56" for display. */
export function formatEur(cents: Cents): string {
  return EUR.format(cents / 100)
}
