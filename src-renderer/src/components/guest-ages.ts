/** Sets the number of children, keeping the ages already typed. */
export function resizeAges(ages: (number | string)[], count: number): (number | string)[] {
  const n = Math.max(0, Math.min(20, Math.floor(count)))
  return n <= ages.length ? ages.slice(0, n) : [...ages, ...Array<string>(n - ages.length).fill('')]
}
