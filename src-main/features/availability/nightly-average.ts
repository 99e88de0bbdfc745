import type { Cents } from '@shared/domain/money'

/**
 * A stay's average nightly price: its total divided by its nights, in whole cents rounded half
 * away from zero, as the app rounds every amount (eurToCents, percentOf in money.ts). Done in
 * integers (quotient and remainder), so 100 cents over 3 nights is 33, 200 over 3 is 67, and no
 * float division lands a hair below a half. Null without a total or without nights.
 */
export function nightlyAverageCents(total: Cents | null, nights: number): Cents | null {
  if (total === null || !Number.isSafeInteger(total) || !Number.isInteger(nights) || nights < 1) {
    return null
  }
  const size = Math.abs(total)
  const rest = size % nights
  const whole = (size - rest) / nights + (2 * rest >= nights ? 1 : 0)
  return total < 0 && whole !== 0 ? -whole : whole
}
