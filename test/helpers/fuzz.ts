/**
 * Hostile IPC inputs for the fuzz tests (stub handlers in test/unit/main/ipc/register.fuzz.test.ts, the
 * real ones in test/integration/main/ipc-fuzz-real.test.ts): wrong types, huge strings and
 * arrays, prototype keys, NaN and Infinity, deep nesting. Deterministic from a seed, so a
 * failing case can be replayed.
 */

/** mulberry32 */
export function prng(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const HUGE = 'x'.repeat(1024 * 1024)
const HUGE_ARRAY = Array.from({ length: 20_000 }, (_, i) => i)

export function deep(levels: number): unknown {
  let v: unknown = 'bottom'
  for (let i = 0; i < levels; i++) v = { a: [v] }
  return v
}

export function hostile(rand: () => number, depth = 0): unknown {
  const pick = Math.floor(rand() * 16)
  switch (pick) {
    case 0:
      return null
    case 1:
      return rand() * 1e12 - 5e11
    case 2:
      return HUGE
    case 3:
      return JSON.parse('{"__proto__": {"polluted": true}, "id": "p1"}')
    case 4:
      return { constructor: { prototype: { polluted: true } } }
    case 5:
      return depth < 4 ? [hostile(rand, depth + 1), hostile(rand, depth + 1)] : []
    case 6:
      return depth < 4 ? { id: hostile(rand, depth + 1), token: hostile(rand, depth + 1) } : {}
    case 7:
      return Number.NaN
    case 8:
      return '\u0000\ud800<script>'
    case 9:
      return true
    case 10:
      return undefined
    case 11:
      return rand() < 0.5 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY
    case 12:
      return HUGE_ARRAY
    case 13:
      return deep(2000)
    case 14:
      return '2027-02-30'
    default:
      return -1
  }
}

/** A valid input with one field replaced by a hostile value, or an extra key added. */
export function mutate(valid: Record<string, unknown>, rand: () => number): unknown {
  const keys = Object.keys(valid)
  const copy: Record<string, unknown> = { ...valid }
  if (keys.length === 0 || rand() < 0.3) {
    const key = ['__proto__', 'constructor', 'extra'][Math.floor(rand() * 3)]
    Object.defineProperty(copy, key, { value: hostile(rand), enumerable: true })
  } else copy[keys[Math.floor(rand() * keys.length)]] = hostile(rand)
  return copy
}
