/**
 * Money inside StayDesk is integer euro cents. The service sends and expects EUR as JSON
 * floats; these are the only two places where floats and cents meet, so that sums such as
 * 5581.48 + 620.16 are exact (620164 cents, never 6201.639999...).
 */

export type Cents = number

/** EUR float from the wire to integer cents, rounding half away from zero at the cent. */
export function eurToCents(eur: number): Cents {
  if (!Number.isFinite(eur)) throw new RangeError(`not an amount: ${String(eur)}`)
  // toFixed(2) avoids 1.005 * 100 = 100.49999; it rounds the decimal text, not the binary value.
  const [whole, frac = '00'] = Math.abs(eur).toFixed(2).split('.')
  const cents = Number(whole) * 100 + Number(frac)
  return eur < 0 ? -cents : cents
}

/** Integer cents to the EUR float the service's JSON uses (exact to two decimals). */
export function centsToEur(cents: Cents): number {
  assertCents(cents)
  return Number((cents / 100).toFixed(2))
}

export function assertCents(cents: number): asserts cents is Cents {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`)
}

/** Sum of cents; exact because every operand is an integer. */
export function sumCents(values: readonly Cents[]): Cents {
  let total = 0
  for (const v of values) total += v
  return total
}

/** `percent`% of an amount, rounded half up to the cent (used by discounts and % taxes). */
export function percentOf(cents: Cents, percent: number): Cents {
  return Math.round((cents * percent) / 100)
}

/**
 * Splits `total` into parts proportional to `weights` that add up to `total` exactly: each
 * part is rounded down and the remaining cents go to the largest remainders first.
 */
export function splitCents(total: Cents, weights: readonly number[]): Cents[] {
  const weightSum = weights.reduce((a, b) => a + b, 0)
  if (weights.length === 0 || weightSum <= 0) throw new RangeError('splitCents needs positive weights')
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
