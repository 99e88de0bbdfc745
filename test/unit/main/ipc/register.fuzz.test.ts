import { describe, expect, it } from 'vitest'
import { COMMANDS } from '@shared/ipc/channels'
import { dispatchCommand } from '../../../../src-main/ipc/register'
import { deep, hostile, HUGE, mutate, prng } from '../../../helpers/fuzz'
import { countingHandlers, VALID_INPUTS } from './contract-stubs'

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
  }, 30_000)

  it.each([
    ['a 1 MB token', 'profiles:set-token', { id: 'p1', token: HUGE }],
    ['a 1 MB search text', 'listings:search', { text: HUGE }],
    ['a __proto__ key', 'profiles:activate', JSON.parse('{"id":"p1","__proto__":{"x":1}}')],
    ['a string where an object belongs', 'profiles:create', 'profile'],
    ['an array', 'sync:run', [true]],
    ['a negative listing id', 'listings:get', { id: -5 }],
    ['a fractional limit', 'sync:quarantine', { limit: 1.5 }],
    ['a value nested 2,000 levels deep', 'prefs:set', { key: 'listings.view', value: deep(2000) }]
  ] as const)('refuses %s as bad-input, before any handler runs', async (_, name, input) => {
    const stub = countingHandlers()
    const result = await dispatchCommand(stub.handlers, name, input)
    expect(result).toMatchObject({ ok: false, error: { code: 'bad-input' } })
    expect(stub.calls.get(name)).toBe(0)
  })
})
