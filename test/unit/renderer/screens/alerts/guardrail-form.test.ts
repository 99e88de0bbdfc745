import { describe, expect, it } from 'vitest'
import { DEFAULT_GUARDRAILS, GuardrailRules } from '@shared/watch/alert.schema'
import {
  formPathOf,
  parseEuros,
  rulesFromValues,
  valuesFromRules,
  type GuardrailValues
} from '../../../../../src-renderer/src/screens/settings/guardrail-form'

/** The Settings screen's guardrails form (the rules the Alerts screen's watch applies). */

const base = (over: Partial<GuardrailValues> = {}): GuardrailValues => ({
  ...valuesFromRules(DEFAULT_GUARDRAILS),
  ...over
})

describe('the guardrails form', () => {
  it('shows the profile’s rules as typed text and saves them back unchanged', () => {
    const rules: GuardrailRules = {
      priceDropPercent: 25,
      floorCents: 4550,
      listingFloors: [{ listingId: 100023, floorCents: 7005 }],
      noRate: false,
      minStayLimit: 21
    }
    const values = valuesFromRules(rules)
    expect(values.floorEuros).toBe('45.50')
    expect(values.listingFloors[0]).toMatchObject({ listingId: '100023', euros: '70.05' })
    expect(rulesFromValues(values)).toEqual({ ok: true, rules })
  })

  it('reads euros exactly into cents, a typed 0 as a floor of €0.00', () => {
    expect(parseEuros('0', 'a floor')).toEqual({ ok: true, value: 0 })
    expect(parseEuros('30', 'a floor')).toEqual({ ok: true, value: 3000 })
    expect(parseEuros('30.5', 'a floor')).toEqual({ ok: true, value: 3050 })
    expect(parseEuros(' 30,05 ', 'a floor')).toEqual({ ok: true, value: 3005 })
    // 0.29 * 100 is 28.999999999999996 in floating point: the digits are read, not multiplied.
    expect(parseEuros('0.29', 'a floor')).toEqual({ ok: true, value: 29 })
    const zero = rulesFromValues(base({ floorEuros: '0' }))
    expect(zero.ok && zero.rules.floorCents).toBe(0)
  })

  it('never rounds, truncates or guesses: what it can’t take exactly is an error in words', () => {
    expect(parseEuros('30.555', 'a floor')).toEqual({
      ok: false,
      error: 'Use at most two decimals (cents), e.g. 30.50'
    })
    expect(parseEuros('1,234.56', 'a floor').ok).toBe(false)
    expect(parseEuros('-5', 'a floor')).toEqual({ ok: false, error: 'A floor can’t be negative' })
    expect(parseEuros('30€', 'a floor').ok).toBe(false)
    expect(parseEuros('2000000', 'a floor').ok).toBe(false)
  })

  it('takes an empty field on a rule switched on as an error on that field, not as “off”', () => {
    const r = rulesFromValues(base({ floorEuros: '', priceDropPercent: '' }))
    expect(r).toEqual({
      ok: false,
      errors: {
        floorEuros: 'Enter a floor in euros, or switch the rule off',
        priceDropPercent: 'Enter a number of percent, or switch the rule off'
      }
    })
    // Switched off, the same empty field is the rule off (null), said by the switch.
    const off = rulesFromValues(base({ floorOn: false, floorEuros: '' }))
    expect(off.ok && off.rules.floorCents).toBe(null)
  })

  it('puts each problem on its own field: percent and nights as whole numbers in range, listing floors per row', () => {
    const r = rulesFromValues(
      base({
        priceDropPercent: '30.5',
        minStayLimit: '400',
        listingFloors: [
          { key: 'a', listingId: '100023', euros: '50' },
          { key: 'b', listingId: '100023', euros: '60' },
          { key: 'c', listingId: null, euros: 'x' }
        ]
      })
    )
    expect(r.ok).toBe(false)
    expect(!r.ok && r.errors).toEqual({
      priceDropPercent: 'Enter a whole number of percent',
      minStayLimit: 'Enter 1 to 365 nights',
      'listingFloors.1.listingId': 'This listing already has a floor above',
      'listingFloors.2.listingId': 'Choose a listing',
      'listingFloors.2.euros': 'Enter the listing’s floor in euros, such as 30 or 30.50'
    })
  })

  it('says the range for a negative whole number, and what a negative floor is', () => {
    const r = rulesFromValues(
      base({
        priceDropPercent: '-3',
        minStayLimit: '-3',
        floorEuros: '-3',
        listingFloors: [{ key: 'a', listingId: '100023', euros: '-3' }]
      })
    )
    expect(!r.ok && r.errors).toEqual({
      priceDropPercent: 'Enter 1 to 99 percent',
      minStayLimit: 'Enter 1 to 365 nights',
      floorEuros: 'A floor can’t be negative',
      'listingFloors.0.euros': 'The listing’s floor can’t be negative'
    })
  })

  it('makes rules the contract’s own schema takes', () => {
    const r = rulesFromValues(base({ minStayOn: false, priceDropPercent: '99' }))
    expect(r.ok).toBe(true)
    if (r.ok) expect(GuardrailRules.parse(r.rules)).toEqual(r.rules)
  })

  it('maps main’s refusal of a field to the field the person typed in', () => {
    expect(formPathOf('floorCents')).toBe('floorEuros')
    expect(formPathOf('listingFloors.3.floorCents')).toBe('listingFloors.3.euros')
    expect(formPathOf('listingFloors.0.listingId')).toBe('listingFloors.0.listingId')
    expect(formPathOf('somethingElse')).toBe(undefined)
  })
})
