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
} from '../../../../../src-renderer/src/screens/quote/outcome'
import { formatCents, formatDay } from '../../../../../src-renderer/src/components/text'

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
    expect(text).toMatch(/ your time \(.*UTC\)\.$|UTC\.$/)
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/)
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

  it('writes the service’s UTC expiry in one format: the agent’s time, then UTC the same way', () => {
    const us = { locale: 'en-US' }
    expect(expiryText('2026-11-26 20:23:00', { ...us, timeZone: 'Europe/Berlin' })).toBe(
      'Nov 26, 2026, 9:23 PM your time (8:23 PM UTC)'
    )
    expect(expiryText('2026-11-26T20:23:00.000Z', { ...us, timeZone: 'Europe/Berlin' })).toBe(
      'Nov 26, 2026, 9:23 PM your time (8:23 PM UTC)'
    )
    // Another day in UTC: its date is said too.
    expect(expiryText('2026-11-26 20:23:00', { ...us, timeZone: 'Asia/Tokyo' })).toBe(
      'Nov 27, 2026, 5:23 AM your time (Nov 26, 2026, 8:23 PM UTC)'
    )
    // The agent's time is UTC: said once.
    expect(expiryText('2026-11-26 20:23:00', { ...us, timeZone: 'UTC' })).toBe(
      'Nov 26, 2026, 8:23 PM UTC'
    )
    expect(expiryText('2026-11-26 20:23:00', { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe(
      '26 Nov 2026, 21:23 your time (20:23 UTC)'
    )
  })

  it('keeps an expiry it can’t read as written', () => {
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

  it('says what a card paid and what is still due, by the service’s names, when it paid a deposit', () => {
    const o = done({
      status: 'pendingConfirm',
      paymentStatus: 'partialPaid',
      instalments: [
        { name: 'deposit', amountCents: 34936, dueDate: '2026-11-25', status: 'paid' },
        { name: 'balance', amountCents: 71051, dueDate: '2026-12-17', status: 'init' }
      ]
    })
    expect(paymentSentence(o)).toBe(
      `Visa •••• 4242 paid the deposit, ${formatCents(34936)}. Still due: the balance, ${formatCents(71051)}, by ${formatDay('2026-12-17')}. The property manager confirms within 24 hours.`
    )
    expect(showsPaymentLink(o)).toBe(true)
  })

  it('says the service’s “paid” as paid in full, with no payment link', () => {
    const o = done({ paymentStatus: 'paid' })
    expect(paymentSentence(o)).toBe('Paid in full with Visa •••• 4242.')
    expect(showsPaymentLink(o)).toBe(false)
  })

  it('names instalments, numbering those the service leaves unnamed', () => {
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
