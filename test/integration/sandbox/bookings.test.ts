import {
  AvailabilityByListing,
  BookingCreated,
  BookingCreatedByChannel,
  BookingCreatedByService,
  BookingDetails,
  CancellationResult,
  ListingPage,
  PayResult,
  PricedQuote,
  QuoteResult,
  RatePage,
  ServiceError,
  UnavailableQuote
} from '@shared/api'
import { eachNight } from '@shared/domain/dates'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SandboxHandle } from '../../../src-main/sandbox'
import {
  CARD_DECLINED,
  CARD_OK,
  CHANNEL,
  findStay,
  get,
  GUEST,
  MOR_CHANNEL,
  MOR_TOKEN,
  post,
  startTestSandbox,
  type Stay
} from './sandbox-client'

let sandbox: SandboxHandle
/** Listings already used by a test, so every test books on a free calendar. */
const used = new Set<number>()

beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(() => sandbox.close())

async function freshStay(bookingType: 'instant' | 'onRequest' = 'instant'): Promise<Stay> {
  const stay = await findStay(sandbox, { bookingType, skip: used })
  used.add(stay.listingId)
  return stay
}

async function book(stay: Stay, extra: Record<string, unknown> = {}, token?: string) {
  const answer = await post(
    sandbox,
    '/v1/booking',
    { ...stay, adults: 1, guest: GUEST, ...extra },
    token
  )
  expect(answer.status, answer.text).toBe(200)
  BookingCreated.parse(answer.body)
  return answer.body as { bookingId: string; status: string; paymentStatus: string }
}

const cancel = (by: 'guest' | 'pm', bookingId: string) =>
  post(sandbox, `/v1/booking/${by}/cancel`, { bookingId, reason: 'test', message: 'sorry' })

describe('quote', () => {
  it('prices an open stay', async () => {
    const stay = await freshStay()
    const answer = await post(sandbox, '/v1/quote', { ...stay, adults: 2 })
    expect(answer.status).toBe(200)
    const quote = PricedQuote.parse(answer.body)
    expect(quote.rentalRate).toBeGreaterThan(0)
    expect(QuoteResult.parse(answer.body)).not.toHaveProperty('available')
  })

  it('answers 200 unavailable with reasons for booked nights', async () => {
    const stay = await freshStay()
    await book(stay, { creditCard: CARD_OK })
    const answer = await post(sandbox, '/v1/quote', { ...stay, adults: 1 })
    expect(answer.status).toBe(200)
    const quote = UnavailableQuote.parse(answer.body)
    expect(quote.reasons.length).toBeGreaterThan(0)
  })
})

describe('booking lifecycle (service is Merchant of Record)', () => {
  it('an accepted card confirms; the booked nights turn unavailable', async () => {
    const stay = await freshStay()
    const created = BookingCreatedByService.parse(await book(stay, { creditCard: CARD_OK }))
    expect(created.status).toBe('confirmed')
    expect(created.confirmationUrl.startsWith('http')).toBe(true)
    const calendar = AvailabilityByListing.parse(
      (await get(sandbox, `/v1/availability/listing/${stay.listingId}`)).body
    ).list[0]
    for (const night of eachNight(stay.from, stay.to)) {
      expect(calendar.availability[night].available, night).toBe(false)
    }
  })

  it('no card gives pendingPayment with a payment URL and expiry; pay confirms; pay again is 409', async () => {
    const created = BookingCreatedByService.parse(await book(await freshStay()))
    expect(created.status).toBe('pendingPayment')
    expect(created.paymentUrl.startsWith(`${sandbox.url}/`)).toBe(true)
    expect(created.expiresAt).toBeDefined()
    const page = await fetch(created.paymentUrl)
    expect(page.status).toBe(200)

    const paid = await post(sandbox, `/v1/booking/${created.bookingId}/pay`, {
      creditCard: CARD_OK
    })
    expect(paid.status).toBe(200)
    expect(PayResult.parse(paid.body)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'success'
    })

    const again = await post(sandbox, `/v1/booking/${created.bookingId}/pay`, {
      creditCard: CARD_OK
    })
    expect(again.status).toBe(409)
    ServiceError.parse(again.body)
  })

  it('a declined card leaves the booking pendingPayment, payable with another card', async () => {
    const created = BookingCreatedByService.parse(
      await book(await freshStay(), { creditCard: CARD_DECLINED })
    )
    expect(created.status).toBe('pendingPayment')
    expect(created.paymentStatus).toBe('failure')
    const paid = await post(sandbox, `/v1/booking/${created.bookingId}/pay`, {
      creditCard: CARD_OK
    })
    expect(PayResult.parse(paid.body).status).toBe('confirmed')
  })

  it('onRequest listings answer pendingConfirm', async () => {
    const created = await book(await freshStay('onRequest'), { creditCard: CARD_OK })
    expect(created.status).toBe('pendingConfirm')
  })

  it('guest cancellation by id frees the nights; a second cancel is 409 with a message', async () => {
    const stay = await freshStay()
    const created = await book(stay, { creditCard: CARD_OK })
    const first = await cancel('guest', created.bookingId)
    expect(first.status).toBe(200)
    const result = CancellationResult.parse(first.body)
    expect(result).toMatchObject({ id: created.bookingId, status: 'cancelledByGuest' })
    const calendar = AvailabilityByListing.parse(
      (await get(sandbox, `/v1/availability/listing/${stay.listingId}`)).body
    ).list[0]
    expect(calendar.availability[stay.from].available).toBe(true)

    const second = await cancel('pm', created.bookingId)
    expect(second.status).toBe(409)
    expect(ServiceError.parse(second.body).message).toBe(
      'booking state is not valid for this request'
    )
  })

  it('pm cancellation by ownReference', async () => {
    const ownReference = `REF-${Date.now()}`
    const created = await book(await freshStay(), { creditCard: CARD_OK, ownReference })
    const answer = await cancel('pm', ownReference)
    expect(answer.status).toBe(200)
    expect(CancellationResult.parse(answer.body)).toMatchObject({
      id: created.bookingId,
      status: 'cancelledByPm'
    })
  })

  it('booking the same nights twice is 409', async () => {
    const stay = await freshStay()
    await book(stay, { creditCard: CARD_OK })
    const again = await post(sandbox, '/v1/booking', { ...stay, adults: 1, guest: GUEST })
    expect(again.status).toBe(409)
    ServiceError.parse(again.body)
  })

  it('booking details: the booking channel reads them, another channel gets 404', async () => {
    const stay = await freshStay()
    const created = await book(stay, { creditCard: CARD_OK })
    const read = await get(sandbox, `/v1/booking/${created.bookingId}/${CHANNEL}`)
    expect(read.status).toBe(200)
    const details = BookingDetails.parse(read.body)
    expect(details).toMatchObject({ id: created.bookingId, checkIn: { date: stay.from } })
    const other = await get(sandbox, `/v1/booking/${created.bookingId}/${MOR_CHANNEL}`)
    expect(other.status).toBe(404)
  })
})

describe('booking (sales channel is Merchant of Record)', () => {
  it('answers the channel shape, pendingPayment until the channel pays', async () => {
    const created = await book(await freshStay(), {}, MOR_TOKEN)
    const parsed = BookingCreatedByChannel.parse(created)
    expect(parsed.status).toBe('pendingPayment')
    expect(parsed.paymentStatus).toBe('pending')
    expect(created).not.toHaveProperty('paymentInstructions')
    const read = await get(sandbox, `/v1/booking/${created.bookingId}/${MOR_CHANNEL}`, MOR_TOKEN)
    expect(read.status).toBe(200)
  })
})

describe('other responses parse with the shared schemas', () => {
  it('one listing, its rates and period availability', async () => {
    const id = sandbox.store.listingIds()[3]
    const listing = ListingPage.parse((await get(sandbox, `/v1/listing/${id}`)).body)
    expect(listing.map((l) => l.id)).toEqual([id])
    const rates = RatePage.parse((await get(sandbox, `/v1/rates/listing/${id}`)).body)
    expect(rates.map((r) => r.listingId)).toEqual([id])
    const period = await get(sandbox, '/v1/availability/listings/2027-02-01/2027-02-08')
    expect(period.status).toBe(200)
    expect(ListingPage.parse(period.body).length).toBeGreaterThan(0)
  })
})
