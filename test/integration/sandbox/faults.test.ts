import { AvailabilityByListing, BookingDetails, ServiceError } from '@shared/api'
import { eachNight } from '@shared/domain/dates'
import { request } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SandboxHandle } from '../../../src-main/sandbox'
import {
  CARD_OK,
  CHANNEL,
  findStay,
  get,
  GUEST,
  post,
  startTestSandbox,
  TODAY,
  TOKEN
} from './sandbox-client'

let sandbox: SandboxHandle
const auth = { authorization: `Bearer ${TOKEN}` }

beforeAll(async () => {
  sandbox = await startTestSandbox({ listings: 60 })
})
afterEach(() => sandbox.setFaults(null))
afterAll(() => sandbox.close())

describe('injected faults', () => {
  it('5xx: 500, 502 (an HTML gateway page) and 503', async () => {
    sandbox.setFaults({ error5xx: 1, seed: 3 })
    const statuses = new Set<number>()
    for (let i = 0; i < 30; i++) {
      const answer = await get(sandbox, '/v1/listings')
      statuses.add(answer.status)
      if (answer.status === 502) expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
      else ServiceError.parse(answer.body)
    }
    expect([...statuses].sort()).toEqual([500, 502, 503])
  })

  it('429 carries Retry-After', async () => {
    sandbox.setFaults({ rateLimit: 1, retryAfterSeconds: 3 })
    const answer = await get(sandbox, '/v1/listings')
    expect(answer.status).toBe(429)
    expect(answer.headers.get('retry-after')).toBe('3')
  })

  it('drop: the connection closes without a response', async () => {
    sandbox.setFaults({ drop: 1 })
    await expect(fetch(`${sandbox.url}/v1/listings`, { headers: auth })).rejects.toThrow()
  })

  it('truncate: full Content-Length announced, half the body sent', async () => {
    sandbox.setFaults({ truncate: 1 })
    const res = await request(`${sandbox.url}/v1/availability`, { headers: auth })
    expect(res.statusCode).toBe(200)
    expect(Number(res.headers['content-length'])).toBeGreaterThan(100_000)
    await expect(res.body.text()).rejects.toThrow()
  })

  it('garbage: 200 with an HTML page instead of JSON', async () => {
    sandbox.setFaults({ garbage: 1 })
    const answer = await get(sandbox, '/v1/rates')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
    expect(() => JSON.parse(answer.text)).toThrow()
  })

  it('latency is added to every matching request', async () => {
    sandbox.setFaults({ latencyMs: 150 })
    const started = performance.now()
    expect((await get(sandbox, '/v1/listings/0')).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
  })

  it('commitThenDrop: the booking is made, the answer never arrives', async () => {
    const stay = await findStay(sandbox, { bookingType: 'instant' })
    sandbox.setFaults({ commitThenDrop: 1 })
    // Only booking, pay and cancel are affected; reads still answer.
    expect((await get(sandbox, '/v1/listings/0')).status).toBe(200)
    const attempt = fetch(`${sandbox.url}/v1/booking`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...stay, adults: 1, guest: GUEST, creditCard: CARD_OK })
    })
    await expect(attempt).rejects.toThrow()
    sandbox.setFaults(null)
    const calendar = AvailabilityByListing.parse(
      (await get(sandbox, `/v1/availability/listing/${stay.listingId}`)).body
    ).list[0]
    for (const night of eachNight(stay.from, stay.to)) {
      expect(calendar.availability[night].available).toBe(false)
    }
  })

  it('commitThenDrop on cancel: the booking is cancelled, the answer never arrives', async () => {
    const booking = sandbox.demoBookings.find((d) => d.status === 'confirmed' && d.from > TODAY)!
    sandbox.setFaults({ commitThenDrop: 1 })
    const attempt = fetch(`${sandbox.url}/v1/booking/guest/cancel`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ bookingId: booking.id, reason: 'plans changed', message: 'sorry' })
    })
    await expect(attempt).rejects.toThrow()
    sandbox.setFaults(null)
    const read = await get(sandbox, `/v1/booking/${booking.id}/${CHANNEL}`)
    expect(BookingDetails.parse(read.body).status).toBe('cancelledByGuest')
    const calendar = AvailabilityByListing.parse(
      (await get(sandbox, `/v1/availability/listing/${booking.listingId}`)).body
    ).list[0]
    for (const night of eachNight(booking.from, booking.to)) {
      expect(calendar.availability[night].available).toBe(true)
    }
    // A client retrying the lost call meets the state it left behind.
    const retry = await post(sandbox, '/v1/booking/guest/cancel', {
      bookingId: booking.id,
      reason: 'plans changed',
      message: 'sorry'
    })
    expect(retry.status).toBe(409)
  })

  it('commitThen5xx: the booking is made under its own reference, the answer is a 503', async () => {
    const stay = await findStay(sandbox, { bookingType: 'instant' })
    sandbox.setFaults({ commitThen5xx: 1, errorStatus: 503 })
    // Only booking, pay and cancel are affected; reads still answer.
    expect((await get(sandbox, '/v1/listings/0')).status).toBe(200)
    const answer = await post(sandbox, '/v1/booking', {
      ...stay,
      adults: 1,
      guest: GUEST,
      creditCard: CARD_OK,
      ownReference: 'COMMIT-503'
    })
    expect(answer.status).toBe(503)
    expect(ServiceError.parse(answer.body).message).toMatch(/503/)
    sandbox.setFaults(null)
    const made = sandbox.store.readBooking('COMMIT-503', CHANNEL)
    expect(made).toMatchObject({
      checkIn: { date: stay.from },
      checkOut: { date: stay.to }
    })
    const read = await get(sandbox, `/v1/booking/${made.id}/${CHANNEL}`)
    expect(BookingDetails.parse(read.body).status).toBe('confirmed')
    // Sent again, the service refuses the reference it already holds: the first one was made.
    const retry = await post(sandbox, '/v1/booking', {
      ...stay,
      adults: 1,
      guest: GUEST,
      creditCard: CARD_OK,
      ownReference: 'COMMIT-503'
    })
    expect(retry.status).toBe(409)
  })

  it('commitThen5xx on cancel: the booking is cancelled, every answer a 500, 502 or 503', async () => {
    const confirmed = sandbox.store
      .demoBookings()
      .filter((d) => d.status === 'confirmed' && d.from > TODAY)
    expect(confirmed.length).toBeGreaterThanOrEqual(3)
    sandbox.setFaults({ commitThen5xx: 1, seed: 3 })
    for (const booking of confirmed.slice(0, 3)) {
      const answer = await post(sandbox, '/v1/booking/pm/cancel', {
        bookingId: booking.id,
        reason: 'owner',
        message: 'sorry'
      })
      expect([500, 502, 503]).toContain(answer.status)
      expect(sandbox.store.readBooking(booking.id, CHANNEL).status).toBe('cancelledByPm')
    }
  })

  it('commitThen5xx on pay: the payment is taken, the answer is a 502 gateway page', async () => {
    const stay = await findStay(sandbox, { bookingType: 'instant' })
    const created = await post(sandbox, '/v1/booking', { ...stay, adults: 1, guest: GUEST })
    expect(created.status).toBe(200)
    const { bookingId } = created.body as { bookingId: string }
    expect(sandbox.store.readBooking(bookingId, CHANNEL).status).toBe('pendingPayment')
    sandbox.setFaults({ commitThen5xx: 1, errorStatus: 502 })
    const paid = await post(sandbox, `/v1/booking/${bookingId}/pay`, { creditCard: CARD_OK })
    expect(paid.status).toBe(502)
    expect(paid.headers.get('content-type')).toMatch(/^text\/html/)
    expect(sandbox.store.readBooking(bookingId, CHANNEL).status).toBe('confirmed')
  })

  it('hold: a write waits, not applied, until the faults are next set; then it is handled', async () => {
    const booking = sandbox.store
      .demoBookings()
      .find((d) => d.status === 'confirmed' && d.from > TODAY)!
    sandbox.setFaults({ hold: 1, paths: '/cancel$' })
    let answered = false
    const attempt = post(sandbox, '/v1/booking/guest/cancel', {
      bookingId: booking.id,
      reason: 'plans changed',
      message: 'sorry'
    }).finally(() => (answered = true))
    // Other paths are not held.
    expect((await get(sandbox, `/v1/booking/${booking.id}/${CHANNEL}`)).status).toBe(200)
    expect(answered).toBe(false)
    expect(sandbox.store.readBooking(booking.id, CHANNEL).status).toBe('confirmed')
    sandbox.setFaults(null)
    expect((await attempt).status).toBe(200)
    expect(sandbox.store.readBooking(booking.id, CHANNEL).status).toBe('cancelledByGuest')
  })

  it('paths limits faults to matching routes', async () => {
    sandbox.setFaults({ error5xx: 1, paths: '^/v1/rates' })
    expect((await get(sandbox, '/v1/listings')).status).toBe(200)
    expect((await get(sandbox, '/v1/rates')).status).toBeGreaterThanOrEqual(500)
  })

  it('the same seed gives the same faults', async () => {
    const run = async () => {
      sandbox.setFaults({ error5xx: 0.3, rateLimit: 0.2, seed: 11 })
      const statuses: number[] = []
      for (let i = 0; i < 20; i++) statuses.push((await get(sandbox, '/v1/listings/0')).status)
      return statuses
    }
    const first = await run()
    expect(new Set(first).size).toBeGreaterThan(1)
    expect(await run()).toEqual(first)
  })
})
