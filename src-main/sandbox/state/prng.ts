/**
 * Seeded randomness for the demo portfolio. Two kinds: a sequential stream (mulberry32) for
 * generation order, and a stateless hash for per-day values, so a day computed later (when the
 * calendar window moves with the clock) gets the same value it would have had at start-up.
 */

export interface Prng {
  /** Uniform float in [0, 1). */
  next(): number
  /** Whole number in [min, max] (both inclusive). */
  int(min: number, max: number): number
  chance(p: number): boolean
  pick<T>(items: readonly T[]): T
  /** `count` distinct items in their original order. */
  sample<T>(items: readonly T[], count: number): T[]
}

export function mulberry32(seed: number): Prng {
  let a = seed >>> 0
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    sample: (items, count) => {
      const picked = new Set<number>()
      const want = Math.min(count, items.length)
      while (picked.size < want) picked.add(Math.floor(next() * items.length))
      return [...picked].sort((x, y) => x - y).map((i) => items[i])
    }
  }
}

/** Stateless hash of a few integers to a float in [0, 1) (splitmix-style avalanche). */
export function hashUnit(...parts: number[]): number {
  let h = 0x9e3779b9
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x85ebca6b)
    h ^= h >>> 13
    h = Math.imul(h, 0xc2b2ae35)
    h ^= h >>> 16
  }
  return (h >>> 0) / 4294967296
}

/** Derives an independent stream seed, so adding draws to one stream never shifts another. */
export function subSeed(seed: number, stream: number): number {
  return Math.floor(hashUnit(seed, stream, 0x5eed) * 4294967296)
}
