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

/** A public HTML page (no token) that names `text`. */
async function expectHtmlPage(url: string, text: string): Promise<void> {
  const page = await fetch(url)
  expect(page.status, url).toBe(200)
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(await page.text()).toContain(text)
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
    expect(new URL(created.confirmationUrl).origin).toBe(sandbox.url)
    expect(new URL(created.paymentUrl).origin).toBe(sandbox.url)
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
    expect(new URL(created.paymentUrl).origin).toBe(sandbox.url)
    expect(new URL(created.paymentUrl).pathname).toBe(`/pay/${created.bookingId}`)
    expect(created.expiresAt).toBeDefined()
    await expectHtmlPage(created.paymentUrl, created.bookingId)
    await expectHtmlPage(created.confirmationUrl, created.bookingId)

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
    const paymentUrl = parsed.paymentUrl ?? ''
    expect(new URL(paymentUrl).origin).toBe(sandbox.url)
    await expectHtmlPage(paymentUrl, created.bookingId)
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

describe('URLs in bodies are absolute on the sandbox origin and answer', () => {
  it('listing images and guest pages, in pages, one listing and period availability', async () => {
    const id = sandbox.store.listingIds()[5]
    const [one] = ListingPage.parse((await get(sandbox, `/v1/listing/${id}`)).body)
    const [first] = ListingPage.parse((await get(sandbox, '/v1/listings')).body)
    const period = ListingPage.parse(
      (await get(sandbox, '/v1/availability/listings/2027-02-01/2027-02-08')).body
    )
    for (const listing of [one, first, period[0]]) {
      const urls = [
        ...(listing.images ?? []).map((i) => i.url),
        listing.urls?.guestListingPage,
        listing.urls?.guestBookingPage
      ]
      for (const url of urls) expect(new URL(url ?? '').origin, url).toBe(sandbox.url)
    }
    await expectHtmlPage(one.urls!.guestListingPage!, String(id))
    await expectHtmlPage(one.urls!.guestBookingPage!, String(id))
    const image = await fetch(one.images![0].url)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
  })

  it('payment and confirmation pages 404 for what cannot be a booking id', async () => {
    expect((await fetch(`${sandbox.url}/pay/nope`)).status).toBe(404)
    expect((await fetch(`${sandbox.url}/confirmation/nope`)).status).toBe(404)
    expect(
      (await fetch(`${sandbox.url}/guest/other/${sandbox.store.listingIds()[0]}`)).status
    ).toBe(404)
  })
})
