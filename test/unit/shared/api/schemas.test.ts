import { describe, expect, it } from 'vitest'
import {
  AvailabilityByListing,
  BookingCreated,
  BookingDetails,
  BookingRequest,
  CancellationResult,
  CancelRequest,
  Listing,
  ListingReferences,
  QuoteRequest,
  QuoteResult,
  RateRecord
} from '@shared/api'

const guest = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' }

/** "path: message" for each issue, the form the sandbox and the app show. */
function problems(result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('lenient where the service is loose', () => {
  it('accepts listingId and adults sent as strings, as the spec samples do', () => {
    const q = QuoteRequest.parse({
      listingId: '123',
      from: '2026-12-01',
      to: '2026-12-08',
      adults: '2'
    })
    expect(q).toMatchObject({ listingId: 123, adults: 2 })
  })

  it('accepts a listing with only an id, and keeps going past unknown fields', () => {
    const l = Listing.parse({ id: 7, brandNewField: { x: 1 }, status: 'someNewStatus' })
    expect(l.id).toBe(7)
    expect(l.status).toBe('someNewStatus')
    expect(l).not.toHaveProperty('brandNewField')
  })

  it('accepts the period-availability listing shape without rates and status', () => {
    const l = Listing.parse({
      id: '42',
      active: true,
      maxGuest: '6',
      location: { city: 'Porto', latitude: '41.15' }
    })
    expect(l).toMatchObject({ id: 42, maxGuest: 6, location: { latitude: 41.15 } })
    expect(l.basicRates).toBeUndefined()
  })

  it('reads discount rules keyed by numeric strings', () => {
    const r = RateRecord.parse({
      listingId: 1,
      rate: { '2026-12-01': 100.5, '2026-12-02': '110.25' },
      longerStay: { '7': 5, '14': '10' },
      lastMinute: { '3': 15 },
      earlyBird: { '90': 8 }
    })
    expect(r.longerStay).toEqual({ '7': 5, '14': 10 })
    expect(r.rate['2026-12-02']).toBe(110.25)
    expect(RateRecord.safeParse({ listingId: 1, rate: {}, longerStay: { seven: 5 } }).success).toBe(
      false
    )
  })

  it('reads expiresAt without zone as UTC', () => {
    const created = BookingCreated.parse({
      bookingId: 'SB00000001',
      status: 'pendingPayment',
      paymentStatus: 'pending',
      paymentUrl: 'https://pay.example/x',
      expiresAt: '2026-11-23 10:15:00'
    })
    expect(created.expiresAt).toBe('2026-11-23T10:15:00.000Z')
    const bad = BookingCreated.safeParse({
      bookingId: 'x',
      status: 's',
      paymentStatus: 'p',
      expiresAt: 'tomorrow'
    })
    expect(bad.success).toBe(false)
  })

  it('keeps both create-response modes apart', () => {
    const byService = BookingCreated.parse({
      bookingId: 'SB1',
      status: 'confirmed',
      paymentStatus: 'pending',
      confirmationUrl: 'https://c',
      paymentUrl: 'https://p',
      instalments: [
        { amount: 300.3, dueDate: '2026-11-22', status: 'paid', id: '1', currency: 'EUR' }
      ],
      paymentInstructions: { iban: 'DE00', checkDigits: '12' }
    })
    expect(byService).toHaveProperty('confirmationUrl', 'https://c')
    expect(byService).toHaveProperty('instalments.0.id', 1)
  })

  it('shows an unknown booking status verbatim instead of failing', () => {
    const d = BookingDetails.parse({
      id: 'SB1',
      status: 'underReview',
      checkIn: { date: '2026-12-01', time: '16:00' },
      checkOut: { date: '2026-12-08' },
      paymentStatus: 'somethingNew'
    })
    expect(d.status).toBe('underReview')
    expect(d.instalments).toEqual([])
  })

  it('reads a cancellation result with refunded instalments', () => {
    const c = CancellationResult.parse({
      id: 'SB1',
      status: 'cancelledByGuest',
      cancelledAt: '2026-11-22T10:00:00.000Z',
      paymentStatus: 'refunded',
      instalments: [{ amount: 100, refundedAmount: '50.5', name: 'deposit', status: 'paid' }]
    })
    expect(c.instalments[0].refundedAmount).toBe(50.5)
  })

  it('tells a priced quote from an unavailable one', () => {
    const un = QuoteResult.parse({ available: false, reasons: ['Not available on 2026-12-03.'] })
    expect(un).toEqual({ available: false, reasons: ['Not available on 2026-12-03.'] })
    const priced = QuoteResult.parse({
      rentalRate: 700,
      discount: 35,
      bookingType: 'instant',
      cleaningFeeBasis: 'mandatory',
      cleaning: 60
    })
    expect(priced).toMatchObject({ rentalRate: 700, taxes: [], guestPaymentInstallments: [] })
  })

  it('unwraps availability by listing', () => {
    const a = AvailabilityByListing.parse({
      list: [
        {
          listingId: '9',
          availability: {
            '2026-12-01': {
              available: true,
              checkInDay: true,
              checkOutDay: false,
              minStay: 3,
              maxStay: 0
            }
          }
        }
      ]
    })
    expect(a.list[0].listingId).toBe(9)
  })
})

describe('strict where the app relies on a value', () => {
  const stay = { listingId: 1, from: '2026-12-01', to: '2026-12-08', adults: 2 }

  it('names the field of every bad stay value', () => {
    expect(problems(QuoteRequest.safeParse({ ...stay, from: '01.12.2026' }))).toEqual([
      'from: must be a date YYYY-MM-DD'
    ])
    expect(problems(QuoteRequest.safeParse({ ...stay, to: '2026-12-01' }))).toEqual([
      'to: must be after from'
    ])
    expect(problems(QuoteRequest.safeParse({ ...stay, adults: 0 }))).toEqual([
      'adults: must be a positive number'
    ])
    expect(problems(QuoteRequest.safeParse({ ...stay, childrenAges: [4, 13] }))).toEqual([
      'childrenAges.1: ages go from 0 to 12'
    ])
    expect(problems(QuoteRequest.safeParse({ ...stay, children: 2, childrenAges: [4] }))).toEqual([
      'childrenAges: must list one age per child (children is 2)'
    ])
    expect(problems(QuoteRequest.safeParse({ ...stay, adults: 'two' }))[0]).toMatch(/^adults: /)
  })

  it('checks card fields without echoing them', () => {
    const result = BookingRequest.safeParse({
      ...stay,
      guest,
      creditCard: { number: '4242 4242 4242 424X', cvc: '12', expiration: '13/30' }
    })
    const messages = problems(result)
    expect(messages).toEqual([
      'creditCard.number: must be 12 to 19 digits',
      'creditCard.cvc: must be 3 or 4 digits',
      'creditCard.expiration: must be MM/YY'
    ])
    expect(JSON.stringify(result.error)).not.toContain('4242')
  })

  it('normalises card numbers typed with spaces', () => {
    const b = BookingRequest.parse({
      ...stay,
      guest,
      creditCard: { number: '4242 4242 4242 4242', cvc: '123', expiration: '12/30' }
    })
    expect(b.creditCard?.number).toBe('4242424242424242')
  })

  it('requires the guest and a valid e-mail', () => {
    expect(problems(BookingRequest.safeParse(stay))).toEqual([
      'guest: Invalid input: expected object, received undefined'
    ])
    expect(
      problems(BookingRequest.safeParse({ ...stay, guest: { ...guest, email: 'nope' } }))
    ).toEqual(['guest.email: must be an e-mail address'])
  })

  it('requires a booking id, reason and message to cancel', () => {
    expect(
      problems(CancelRequest.safeParse({ bookingId: ' ', reason: 'r', message: 'm' }))
    ).toEqual(['bookingId: is required'])
    expect(
      problems(
        CancelRequest.safeParse({
          bookingId: 'SB1',
          reason: 'r',
          message: 'm',
          salesChannel: 'TOOLONG'
        })
      )
    ).toEqual(['salesChannel: must be 4 characters'])
  })

  it('limits the reason and the message, naming the field', () => {
    const at = (reason: number, message: number) =>
      problems(
        CancelRequest.safeParse({
          bookingId: 'SB1',
          reason: 'r'.repeat(reason),
          message: 'm'.repeat(message)
        })
      )
    expect(at(500, 2000)).toEqual([])
    expect(at(501, 2000)).toEqual(['reason: must be at most 500 characters'])
    expect(at(500, 2001)).toEqual(['message: must be at most 2000 characters'])
  })

  it('checks bulk listing references', () => {
    expect(problems(ListingReferences.safeParse({ references: [] }))).toEqual([
      'references: must hold at least one reference'
    ])
    const ok = ListingReferences.parse({
      references: [{ listingId: '5', reference: 'ours-5', status: 'active' }]
    })
    expect(ok.references[0].listingId).toBe(5)
    expect(
      ListingReferences.safeParse({
        references: [{ listingId: 5, reference: 'x', status: 'live' }]
      }).success
    ).toBe(false)
  })
})
