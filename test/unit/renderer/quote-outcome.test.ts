import { describe, expect, it } from 'vitest'
import {
  expiryText,
  instalmentName,
  instalmentStatusText,
  instructionLines,
  outcomeTitle,
  paymentSentence,
  showsPaymentLink,
  UNKNOWN_TITLE,
  type CreateDone
} from '../../../src-renderer/src/screens/quote/outcome'

const done = (over: Partial<CreateDone> = {}): CreateDone => ({
  outcome: 'done',
  bookingId: 'SB10000001',
  status: 'confirmed',
  paymentStatus: 'success',
  ownReference: 'SD-1',
  paymentUrl: 'http://127.0.0.1:1/pay/SB10000001',
  confirmationUrl: null,
  expiresAt: null,
  instalments: [],
  paymentInstructions: null,
  card: { brand: 'visa', last4: '4242' },
  ...over
})

describe('a create’s outcome in words', () => {
  it('titles each status the service gives', () => {
    expect(outcomeTitle(done())).toBe('Booking confirmed')
    expect(outcomeTitle(done({ status: 'pendingPayment' }))).toBe('Booking made: awaiting payment')
    expect(outcomeTitle(done({ status: 'pendingConfirm' }))).toMatch(/confirmation$/)
    expect(outcomeTitle({ outcome: 'unknown', message: 'x', booking: null, lookup: 'SD-1' })).toBe(
      UNKNOWN_TITLE
    )
    expect(UNKNOWN_TITLE).toBe('The outcome is unknown; nothing was sent twice')
  })

  it('says a declined card by brand and last four, and until when the guest can pay', () => {
    const o = done({
      status: 'pendingPayment',
      paymentStatus: 'failure',
      card: { brand: 'visa', last4: '0002' },
      expiresAt: '2030-06-02 10:00:00'
    })
    const text = paymentSentence(o)
    expect(text).toMatch(
      /^The card Visa •••• 0002 was declined\. The guest can pay on the payment page until /
    )
    expect(text).toContain('2030-06-02 10:00 UTC')
    expect(showsPaymentLink(o)).toBe(true)
  })

  it('says a booking without a card awaits payment through the link', () => {
    const o = done({ status: 'pendingPayment', paymentStatus: 'pending', card: null })
    expect(paymentSentence(o)).toBe('No card was charged. The guest can pay on the payment page.')
  })

  it('says the property manager confirms an on-request booking within 24 hours', () => {
    expect(
      paymentSentence(done({ status: 'pendingConfirm', paymentStatus: 'pending', card: null }))
    ).toMatch(/confirms within 24 hours\.$/)
  })

  it('has no payment link once paid in full', () => {
    expect(paymentSentence(done())).toBe('Paid in full with Visa •••• 4242.')
    expect(showsPaymentLink(done())).toBe(false)
    expect(paymentSentence(done({ paymentStatus: 'pending' }))).toMatch(/paid what is due now/)
  })

  it('reads the service’s UTC expiry, and keeps what it can’t read', () => {
    expect(expiryText('2030-06-02 10:00:00')).toContain('(2030-06-02 10:00 UTC)')
    expect(expiryText('2030-06-02T10:00:00.000Z')).toContain('(2030-06-02 10:00 UTC)')
    expect(expiryText('soon')).toBe('soon')
    expect(expiryText(null)).toBeNull()
  })

  it('lists bank details in a fixed order, unknown fields last, empty ones left out', () => {
    expect(
      instructionLines({
        swift: 'ABCDEF',
        iban: 'DE00 1',
        extra: 'x',
        bankName: '',
        checkDigits: 12
      })
    ).toEqual([
      { label: 'IBAN', value: 'DE00 1' },
      { label: 'SWIFT / BIC', value: 'ABCDEF' },
      { label: 'Check digits', value: '12' },
      { label: 'extra', value: 'x' }
    ])
    expect(instructionLines(null)).toEqual([])
  })

  it('names instalments, numbering those the answer leaves unnamed', () => {
    expect(instalmentName('deposit', 0)).toBe('Deposit')
    expect(instalmentName(null, 1)).toBe('Instalment 2')
  })

  it('puts an instalment’s state in words', () => {
    expect(instalmentStatusText('init')).toBe('Not paid yet')
    expect(instalmentStatusText('paid')).toBe('Paid')
    expect(instalmentStatusText('refunded')).toBe('refunded')
    expect(instalmentStatusText(null)).toBe('Not stated')
  })
})
