import { describe, expect, it } from 'vitest'
import { cardSecrets, MASK } from '../../../../src-main/api/redact'
import { forJournal } from '../../../../src-main/journal/for-journal'

/** What the journal keeps of a request or an answer (reliability checklist section 5). */

const NUMBER = '4242424242424242'
const CVC = '123'

/** Every way the test card or its code could survive in what is kept. */
function leaks(kept: unknown): string[] {
  const text = JSON.stringify(kept)
  return [NUMBER, '4242 4242 4242 4242', '4242-4242-4242-4242', `"${CVC}"`, `cvc ${CVC}`].filter(
    (form) => text.includes(form)
  )
}

const request = {
  listingId: 7,
  arrival: '2026-07-01',
  guest: { firstName: 'Ana', lastName: 'Horvat', email: 'ana@example.test', phone: '+385 1 234' },
  creditCard: { name: 'Ana Horvat', number: '4242 4242 4242 4242', cvc: CVC, expiration: '12/30' },
  ownReference: 'SD-1'
}

describe('forJournal', () => {
  it('reduces a creditCard to its brand and last four digits, keeping the rest of the request', () => {
    const kept = forJournal(request)
    expect(kept).toEqual({ ...request, creditCard: { brand: 'visa', last4: '4242' } })
    expect(leaks(kept)).toEqual([])
  })

  it('reduces a `card` too, at any depth and in arrays, whatever the number is written as', () => {
    const kept = forJournal({
      bookingId: 'BK-1',
      card: { number: '5555-5555-5555-4444', cvc: '321', expiration: '01/29' },
      payments: [{ creditCard: { number: Number('4242424242424242'), cvc: CVC } }],
      nested: { deeper: { card: { number: NUMBER, cvc: CVC } } }
    })
    expect(kept).toEqual({
      bookingId: 'BK-1',
      card: { brand: 'mastercard', last4: '4444' },
      payments: [{ creditCard: { brand: 'visa', last4: '4242' } }],
      nested: { deeper: { card: { brand: 'visa', last4: '4242' } } }
    })
    expect(JSON.stringify(kept)).not.toMatch(/5555|"321"|01\/29/)
    expect(leaks(kept)).toEqual([])
  })

  it('keeps a card already masked, so applying it twice changes nothing', () => {
    const once = forJournal(request)
    expect(forJournal(once)).toEqual(once)
    expect(forJournal({ card: { brand: 'amex', last4: '0005' } })).toEqual({
      card: { brand: 'amex', last4: '0005' }
    })
  })

  it('masks a card it cannot reduce rather than keep any of it', () => {
    expect(forJournal({ card: { cvc: CVC, expiration: '12/30' } })).toEqual({ card: MASK })
    expect(forJournal({ creditCard: { number: 'not a number', cvc: CVC } })).toEqual({
      creditCard: MASK
    })
    expect(forJournal({ card: { last4: '4242', brand: 'visa', number: '' } })).toEqual({
      card: MASK
    })
  })

  it('masks card numbers and codes outside a card object: secret keys, text, a "cvc" in JSON', () => {
    const kept = forJournal({
      cardNumber: NUMBER,
      cvc: CVC,
      notes: `paid with 4242 4242 4242 4242, code ${CVC}`,
      echo: `{"number":"${NUMBER}","cvc":"${CVC}"}`,
      creditCard: { number: NUMBER, cvc: CVC }
    })
    expect(leaks(kept)).toEqual([])
    expect(kept).toMatchObject({
      cardNumber: MASK,
      cvc: MASK,
      notes: `paid with ${MASK}, code ${MASK}`
    })
  })

  it('passes other secrets through redactValue: tokens and Bearer values', () => {
    const kept = forJournal({
      token: 'tok-SECRET-1',
      headers: { authorization: 'Bearer abc.def', 'x-trace': 'Bearer xyz' },
      message: 'declined'
    })
    expect(kept).toEqual({
      token: MASK,
      headers: { authorization: MASK, 'x-trace': `Bearer ${MASK}` },
      message: 'declined'
    })
  })

  it("scrubs the request's card values from an answer when given them", () => {
    const answer = { error: `CVC ${CVC} does not match card ${NUMBER}`, bookingId: 'BK-1' }
    expect(forJournal(answer, cardSecrets({ creditCard: { number: NUMBER, cvc: CVC } }))).toEqual({
      error: `CVC ${MASK} does not match card ${MASK}`,
      bookingId: 'BK-1'
    })
  })

  it('returns a copy that later changes to the original do not reach', () => {
    const body = { guest: { firstName: 'Ana' }, nights: [1, 2] }
    const kept = forJournal(body) as typeof body
    body.guest.firstName = 'Changed'
    body.nights.push(3)
    expect(kept).toEqual({ guest: { firstName: 'Ana' }, nights: [1, 2] })
  })

  it('keeps plain values as they are and turns dates into their JSON text', () => {
    expect(forJournal(null)).toBeNull()
    expect(forJournal(undefined)).toBeUndefined()
    expect(forJournal('ok')).toBe('ok')
    expect(forJournal({ n: 42, yes: true, at: new Date(Date.UTC(2026, 2, 1)) })).toEqual({
      n: 42,
      yes: true,
      at: '2026-03-01T00:00:00.000Z'
    })
  })

  it('masks what is nested beyond any body, rather than copy it unchecked', () => {
    let deep: Record<string, unknown> = { number: NUMBER }
    for (let i = 0; i < 40; i++) deep = { inner: deep }
    expect(JSON.stringify(forJournal(deep))).not.toContain(NUMBER)
  })
})
