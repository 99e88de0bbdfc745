/** Sets the number of children, keeping the ages already typed. */
export function resizeAges(ages: (number | string)[], count: number): (number | string)[] {
  const n = Math.max(0, Math.min(20, Math.floor(count)))
  return n <= ages.length ? ages.slice(0, n) : [...ages, ...Array<string>(n - ages.length).fill('')]
}

/**
 * What the guest fields say when a value is out of range. The service takes children aged 0 to
 * 12 (spec, Limits) and at least one adult; a value outside is an error on its field, never
 * changed behind the person's back (a typed 13 used to become 12, a 0 adults 1).
 */
export const ADULTS_MESSAGE = 'Adults must be a whole number, at least 1'
export const CHILD_TOO_OLD = 'must be from 0 to 12: a guest over 12 counts as an adult'
export const AGE_MESSAGE = `Age ${CHILD_TOO_OLD}`
