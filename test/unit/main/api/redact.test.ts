import { describe, expect, it } from 'vitest'
import { luhnValid } from '@shared/domain/card'
import { cardSecrets, redactText, redactValue } from '../../../../src-main/api/redact'

/** P3, K6: the scrubber used on service messages and log lines. */

describe('redactText', () => {
  it('masks Luhn-valid card numbers in any grouping, but not other numbers', () => {
    const text =
      'card 4242424242424242, or 4242 4242 4242 4242, or 4000-0000-0000-0002; order 1234567890123'
    const out = redactText(text)
    expect(out).not.toMatch(/4242|0002/)
    expect(out).toContain('1234567890123')
    expect(luhnValid('4242424242424242')).toBe(true)
  })

  it('leaves a UUID whole even when its digit groups make a Luhn-valid run', () => {
    // A profile id CI drew: "1-1704-4859-8199-1" is 14 digits that pass Luhn.
    const id = '0aaa41f1-1704-4859-8199-1ae8454ff6b8'
    expect(luhnValid('11704485981991')).toBe(true)
    const line = `sync of profile ${id} (delta) could not run; card 4242 4242 4242 4242`
    expect(redactText(line)).toBe(`sync of profile ${id} (delta) could not run; card [redacted]`)
    expect(redactText(id.toUpperCase())).toBe(id.toUpperCase())
    expect(redactText(`mirror-${id}.sqlite`)).toBe(`mirror-${id}.sqlite`)
    // A card right after a UUID is still a card, whatever the UUID's last digits.
    const beside = '3f2a41f1-1704-4859-8199-1aefb2c3d4e0'
    expect(redactText(`${beside} 4111 1111 1111 1111`)).toBe(`${beside} [redacted]`)
    expect(redactText(`${beside}-4111-1111-1111-1111`)).toBe(`${beside}-[redacted]`)
  })

  it('masks a CVC written as util.inspect, a form or a query string writes it', () => {
    expect(redactText("{ number: '[x]', cvc: '737', expiration: '12/29' }")).toBe(
      "{ number: '[x]', cvc: '[redacted]', expiration: '12/29' }"
    )
    expect(redactText('number=x&cvc=737&CVV=1234')).toBe('number=x&cvc=[redacted]&CVV=[redacted]')
    expect(redactText('cvc:  "9876"')).toBe('cvc:  "[redacted]"')
    // Words that merely contain the letters are left alone.
    expect(redactText('cvcode=123')).toBe('cvcode=123')
  })

  it('masks the token, any Bearer value and a "cvc" field', () => {
    const out = redactText('Authorization: Bearer abc.def-123 tok-SECRET-9 {"cvc":"123"}', [
      'tok-SECRET-9'
    ])
    expect(out).not.toContain('abc.def-123')
    expect(out).not.toContain('tok-SECRET-9')
    expect(out).not.toContain('"123"')
  })

  it('masks a short digit secret (a CVC) only as a whole number', () => {
    expect(redactText('cvc 739 in 17391', ['739'])).toBe('cvc [redacted] in 17391')
  })
})

describe('redactValue and cardSecrets', () => {
  it('masks card and token keys at any depth', () => {
    const value = {
      creditCard: { number: '4242424242424242', cvc: '123' },
      nested: [{ token: 't', cvv: '1', note: 'ok' }]
    }
    expect(redactValue(value)).toEqual({
      creditCard: '[redacted]',
      nested: [{ token: '[redacted]', cvv: '[redacted]', note: 'ok' }]
    })
  })

  it('lists the card values of a request body', () => {
    expect(cardSecrets({ creditCard: { number: '4242', cvc: '12', expiration: '01/30' } })).toEqual(
      ['4242', '12', '01/30']
    )
    expect(cardSecrets({ listingId: 1 })).toEqual([])
  })
})
