import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BookingDetails } from '@shared/api/booking.schema'
import { centsToEur } from '@shared/domain/money'
import {
  bookingPriceParts,
  bookingProgress,
  cleaningLabel,
  isOverdue,
  priceLines,
  quotePriceParts,
  sumOfLines,
  type PriceLine
} from '@shared/domain/money-lines'

/**
 * The one rule the Quote screen, the booking page and the voucher show a price by: the lines
 * always make the total they end with, whatever the service sends.
 */

const shown = (lines: PriceLine[]) =>
  lines.map((l) => [l.key, l.label, l.minus ? -l.cents : l.cents, !!l.aside])

describe('a booking’s price, line by line', () => {
  it('shows the issue’s booking so that it adds up: before discount, discount, rental, cleaning, total', () => {
    // Rental €1,753.86 (after the discount) + Cleaning €141.00 = €1,894.86; discount €92.31.
    const parts = bookingPriceParts({
      rental: 1753.86,
      cleaning: 141,
      discount: 92.31,
      amount: 1894.86
    })!
    const lines = priceLines(parts, { totalLabel: 'Total' })
    expect(shown(lines)).toEqual([
      ['beforeDiscount', 'Nightly total before discount', 184617, false],
      ['discount', 'Discount', -9231, false],
      ['rental', 'Rental amount', 175386, false],
      ['cleaning', 'Cleaning (mandatory, in the total)', 14100, false],
      ['total', 'Total', 189486, false]
    ])
    expect(sumOfLines(lines)).toBe(189486)
  })

  it('lists optional cleaning beside a total that leaves it out, said as such', () => {
    const lines = priceLines(
      bookingPriceParts({ rental: 500, cleaning: 60, discount: 0, amount: 500 })!
    )
    expect(shown(lines)).toEqual([
      ['beforeDiscount', 'Nightly total before discount', 50000, false],
      ['rental', 'Rental amount', 50000, false],
      ['cleaning', 'Cleaning (optional, not in the total)', 6000, true],
      ['total', 'Total', 50000, false]
    ])
  })

  it('gives what the total holds beyond its parts a line of its own', () => {
    const lines = priceLines(
      bookingPriceParts({ rental: 500, cleaning: 60, discount: 0, amount: 575 })!
    )
    expect(lines.find((l) => l.key === 'other')).toMatchObject({ cents: 1500 })
    expect(sumOfLines(lines)).toBe(57500)
    const less = priceLines(bookingPriceParts({ rental: 500, cleaning: 60, amount: 490 })!)
    expect(less.find((l) => l.key === 'other')).toMatchObject({ cents: 1000, minus: true })
    expect(sumOfLines(less)).toBe(49000)
  })

  it('is the Quote screen’s rule: the stated basis decides, the total ends the lines', () => {
    const q = {
      rentalRateCents: 53889,
      discountCents: 4686,
      cleaningCents: 8000,
      cleaningFeeBasis: 'optional',
      totalCents: 53889
    }
    const lines = priceLines(quotePriceParts(q), { totalLabel: 'Total to pay' })
    expect(lines.map((l) => l.key)).toEqual([
      'beforeDiscount',
      'discount',
      'rental',
      'cleaning',
      'total'
    ])
    expect(lines.find((l) => l.key === 'cleaning')!.label).toBe(cleaningLabel('optional'))
    expect(lines.at(-1)).toMatchObject({ label: 'Total to pay', cents: 53889, total: true })
  })

  /** Money as the service's JSON writes it: euros with at most two decimals. */
  const eur = fc.integer({ min: 0, max: 5_000_000 }).map(centsToEur)
  const payment = fc.record(
    {
      rental: eur,
      cleaning: eur,
      discount: eur,
      amount: eur
    },
    { requiredKeys: ['rental'] }
  )
  /** Bookings as the service may state them: consistent (cleaning in or out) or not at all. */
  const booking = fc.oneof(
    payment,
    fc.tuple(eur, eur, eur, fc.boolean()).map(([rental, cleaning, discount, inTotal]) => ({
      rental,
      cleaning,
      discount,
      amount: centsToEur(Math.round(rental * 100) + (inTotal ? Math.round(cleaning * 100) : 0))
    }))
  )

  it('always shows lines that add up to the total shown, and that total is the service’s', () => {
    fc.assert(
      fc.property(booking, (p) => {
        const lines = priceLines(bookingPriceParts(p as BookingDetails['payment'])!)
        const total = lines.at(-1)!
        expect(total.total).toBe(true)
        expect(sumOfLines(lines)).toBe(total.cents)
        if (p.amount !== undefined) expect(total.cents).toBe(Math.round(p.amount * 100))
        const [before, ...rest] = lines
        const discount = rest.find((l) => l.key === 'discount')?.cents ?? 0
        expect(before.cents - discount).toBe(lines.find((l) => l.key === 'rental')!.cents)
        // A consistent booking needs no line beyond its parts.
        const made = Math.round(p.rental * 100) + Math.round((p.cleaning ?? 0) * 100)
        if (
          p.amount !== undefined &&
          (Math.round(p.amount * 100) === made || p.amount === p.rental)
        ) {
          expect(lines.some((l) => l.key === 'other')).toBe(false)
        }
      }),
      { seed: 20_261_217, numRuns: 3_000 }
    )
  })
})

describe('what a booking’s instalments say', () => {
  const instalments = [
    {
      name: 'deposit',
      amount: 304.5,
      dueDate: '2026-11-20',
      status: 'paid',
      paidAt: '2026-11-20 09:00:00'
    },
    { name: 'balance', amount: 710.51, dueDate: '2026-12-17', status: 'init' }
  ]

  it('is paid, still due and when, and refunded', () => {
    const p = bookingProgress({ status: 'confirmed', instalments }, '2026-11-23')
    expect(p).toMatchObject({
      paidCents: 30450,
      dueCents: 71051,
      notOwedCents: 0,
      refundedCents: 0,
      nextDue: { name: 'balance', amountCents: 71051, dueDate: '2026-12-17' },
      overdue: []
    })
  })

  it('flags an unpaid instalment past its due date as overdue, not one due today', () => {
    expect(
      bookingProgress({ status: 'confirmed', instalments }, '2026-12-18').overdue
    ).toHaveLength(1)
    expect(bookingProgress({ status: 'confirmed', instalments }, '2026-12-17').overdue).toEqual([])
    const paid = { name: 'x', amountCents: 1, dueDate: '2026-01-01', paid: true, refundedCents: 0 }
    expect(isOverdue(paid, '2026-12-01')).toBe(false)
  })

  it('is not overdue while the booking awaits payment: its deadline rules', () => {
    const p = bookingProgress({ status: 'pendingPayment', instalments }, '2026-12-18')
    expect(p).toMatchObject({ dueCents: 71051, overdue: [] })
  })

  it('owes nothing once the service ended the booking: no due amount, nothing overdue', () => {
    for (const status of ['cancelledByGuest', 'expired']) {
      const p = bookingProgress({ status, instalments }, '2026-12-18')
      expect(p).toMatchObject({ dueCents: 0, notOwedCents: 71051, nextDue: null, overdue: [] })
    }
  })
})
