import { describe, expect, it } from 'vitest'
import { COMMANDS } from '@shared/ipc/channels'
import { dispatchCommand } from '../../../src-main/ipc/register'
import { countingHandlers, VALID_INPUTS } from './contract-stubs'

/** Small deterministic PRNG (mulberry32), so a failing case can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const HUGE = 'x'.repeat(1024 * 1024)

/** Hostile values: wrong types, huge strings, prototype keys, deep nesting. */
function hostile(rand: () => number, depth = 0): unknown {
  const pick = Math.floor(rand() * 12)
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
    default:
      return -1
  }
}

/** A valid input with one field replaced by a hostile value, or an extra key added. */
function mutate(valid: Record<string, unknown>, rand: () => number): unknown {
  const keys = Object.keys(valid)
  const copy: Record<string, unknown> = { ...valid }
  if (keys.length === 0 || rand() < 0.3) copy[rand() < 0.5 ? '__proto__' : 'extra'] = hostile(rand)
  else copy[keys[Math.floor(rand() * keys.length)]] = hostile(rand)
  return copy
}

describe('IPC input fuzz (E7)', () => {
  it('answers every hostile input with a typed Result and never throws', async () => {
    const rand = prng(20_260_101)
    const { handlers } = countingHandlers()
    let refused = 0
    for (let round = 0; round < 40; round++) {
      for (const name of COMMANDS) {
        const input =
          round % 2 === 0
            ? hostile(rand)
            : mutate(VALID_INPUTS[name] as Record<string, unknown>, rand)
        const result = await dispatchCommand(handlers, name, input)
        expect(typeof result.ok).toBe('boolean')
        if (!result.ok) {
          expect(result.error.code).toBe('bad-input')
          expect(result.error.message.length).toBeLessThan(300)
          refused++
        }
      }
    }
    expect(refused).toBeGreaterThan(300)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it.each([
    ['a 1 MB token', 'profiles:set-token', { id: 'p1', token: HUGE }],
    ['a 1 MB search text', 'listings:search', { text: HUGE }],
    ['a __proto__ key', 'profiles:activate', JSON.parse('{"id":"p1","__proto__":{"x":1}}')],
    ['a string where an object belongs', 'profiles:create', 'profile'],
    ['an array', 'sync:run', [true]],
    ['a negative listing id', 'listings:get', { id: -5 }],
    ['a fractional limit', 'sync:quarantine', { limit: 1.5 }]
  ] as const)('refuses %s as bad-input, before any handler runs', async (_, name, input) => {
    const stub = countingHandlers()
    const result = await dispatchCommand(stub.handlers, name, input)
    expect(result).toMatchObject({ ok: false, error: { code: 'bad-input' } })
    expect(stub.calls.get(name)).toBe(0)
  })
})
