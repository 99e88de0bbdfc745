import { afterEach, describe, expect, it } from 'vitest'
import { MutationObserver, QueryClient } from '@tanstack/react-query'
import type { DesktopApi } from '@shared/ipc/contract'
import type { KeptBooking, PayOutcome } from '@shared/ipc/bookings.schema'
import { commandMutationOptions } from '../../../../../src-renderer/src/ipc/mutation'
import { labelErrors } from '../../../../../src-renderer/src/screens/bookings/form-labels'
import {
  cancelFormResolver,
  charCount,
  payFormResolver
} from '../../../../../src-renderer/src/screens/bookings/form-schemas'
import { isDeclined } from '../../../../../src-renderer/src/screens/bookings/outcome'
import {
  bookingQuery,
  keepOnScreen
} from '../../../../../src-renderer/src/screens/bookings/queries'

describe('the cancellation form', () => {
  it('says each problem under its field, in whole words, with the service’s limits', () => {
    const errors = cancelFormResolver({ by: 'guest', reason: '   ', message: 'x'.repeat(2001) })
    expect(errors).toEqual({
      reason: 'Reason is required',
      message: 'Message must be at most 2000 characters'
    })
    expect(cancelFormResolver({ by: 'pm', reason: 'r'.repeat(501), message: 'Sorry' })).toEqual({
      reason: 'Reason must be at most 500 characters'
    })
    expect(
      cancelFormResolver({ by: 'guest', reason: 'Flight cancelled', message: 'Sorry' })
    ).toEqual({})
  })

  it('counts characters as they will be sent', () => {
    expect(charCount('  Flight cancelled ', 500)).toBe('16 / 500 characters')
    expect(charCount('x'.repeat(503), 500)).toBe('503 / 500 characters — 3 too many')
  })

  it('labels only the schema’s own phrases, never a sentence that stands alone', () => {
    expect(
      labelErrors({ a: 'is required', b: 'Type the booking id' }, { a: 'Reason', b: 'Id' })
    ).toEqual({
      a: 'Reason is required',
      b: 'Type the booking id'
    })
  })
})

describe('the pay form', () => {
  const card = { name: '', number: '4242 4242 4242 4242', expiration: '12/30', cvc: '123' }

  it('takes a valid card, spaces and all', () => {
    expect(payFormResolver('2026-11-23')({ card })).toEqual({})
  })

  it('says an empty field is required rather than malformed', () => {
    expect(
      payFormResolver('2026-11-23')({ card: { name: '', number: '', expiration: ' ', cvc: '' } })
    ).toEqual({
      'card.number': 'Card number is required',
      'card.expiration': 'Expiry is required',
      'card.cvc': 'Security code is required'
    })
  })

  it('says what is wrong with each card field', () => {
    const errors = payFormResolver('2026-11-23')({
      card: { name: '', number: '4242 4242 4242 4241', expiration: '13/30', cvc: '12' }
    })
    expect(errors['card.number']).toBe(
      'Card number is not a valid card number (its check digit is wrong)'
    )
    expect(errors['card.expiration']).toBe('Expiry must be MM/YY')
    expect(errors['card.cvc']).toBe('Security code must be 3 or 4 digits')
    expect(payFormResolver('2026-11-23')({ card: { ...card, expiration: '10/26' } })).toEqual({
      'card.expiration': 'Expiry has passed'
    })
  })
})

describe('a payment’s outcome', () => {
  const card = { brand: 'visa', last4: '0002' } as const
  it('is "declined" when the service answered with a failed payment', () => {
    const done = (status: string, paymentStatus: string): PayOutcome => ({
      outcome: 'done',
      status,
      paymentStatus,
      card,
      booking: null
    })
    expect(isDeclined(done('pendingPayment', 'failure'))).toBe(true)
    expect(isDeclined(done('confirmed', 'success'))).toBe(false)
    expect(
      isDeclined({ outcome: 'unknown', message: 'lost', booking: null, lookup: 'SB00000001' })
    ).toBe(false)
  })
})

describe('paying with a card', () => {
  const g = globalThis as unknown as { window?: { staydesk: Partial<DesktopApi> } }
  afterEach(() => delete g.window)

  it('leaves nothing of the card in the query cache once the payment settled', async () => {
    g.window = {
      staydesk: {
        'bookings:pay': async () => ({
          ok: true,
          value: {
            outcome: 'done',
            status: 'confirmed',
            paymentStatus: 'success',
            card: { brand: 'visa', last4: '4242' },
            booking: null
          }
        })
      }
    }
    const qc = new QueryClient()
    const observer = new MutationObserver(
      qc,
      commandMutationOptions(qc, 'bookings:pay', { secret: true })
    )
    const answer = await observer.mutate({
      bookingId: 'SB00000001',
      card: { number: '4242424242424242', expiration: '12/30', cvc: '987' }
    })
    expect(answer.outcome).toBe('done')
    observer.reset()
    await new Promise((r) => setTimeout(r, 10))
    expect(qc.getMutationCache().getAll()).toEqual([])
    const everything = JSON.stringify([
      observer.getCurrentResult(),
      qc
        .getQueryCache()
        .getAll()
        .map((q) => q.state)
    ])
    expect(everything).not.toContain('4242424242424242')
    expect(everything).not.toContain('987')
  })
})

describe('a booking read again by a write', () => {
  it('replaces the one on screen under its id and its own reference', () => {
    const qc = new QueryClient()
    const kept = {
      booking: { id: 'SB00000007', status: 'cancelledByGuest' },
      summary: { ownReference: 'WEB-123456' }
    } as unknown as KeptBooking
    keepOnScreen(qc, kept)
    expect(qc.getQueryData(bookingQuery({ id: 'SB00000007' }).queryKey)).toBe(kept)
    expect(qc.getQueryData(bookingQuery({ reference: 'WEB-123456' }).queryKey)).toBe(kept)
    keepOnScreen(qc, null)
  })
})
