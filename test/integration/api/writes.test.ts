import { toAppError } from '../../../src-main/errors'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BookingRequest } from '@shared/api'
import { createApiClient, OUTCOME_UNKNOWN_MESSAGE, type ApiClient } from '../../../src-main/api'
import { reply, startFaultServer, type FaultServer } from '../../helpers/fault-server'

/** H4, H8, V6, P3: writes go out once, lost answers are "outcome unknown", no card data leaks. */

// An American Express number: its 4-digit code is distinctive enough to search text for.
const PAN = '378282246310005'
const CVC = '7391'
const card = { number: PAN, cvc: CVC, expiration: '12/30' }

const bookingReq: BookingRequest = {
  listingId: 12,
  from: '2027-03-01',
  to: '2027-03-05',
  adults: 2,
  guest: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  creditCard: card,
  ownReference: 'SD-1001'
}

const created = {
  bookingId: 'B-1',
  status: 'confirmed',
  paymentStatus: 'pending',
  paymentUrl: 'https://pay.example/B-1'
}

let server: FaultServer
let client: ApiClient
let sleeps = 0

beforeEach(async () => {
  server = await startFaultServer()
  sleeps = 0
  client = createApiClient({
    baseUrl: server.url,
    token: 'tok-writes',
    salesChannel: 'DEMO',
    timeouts: { headersMs: 500 },
    retry: {
      sleep: async () => {
        sleeps++
      }
    }
  })
})
afterEach(async () => {
  await client.close()
  await server.close()
})

function noCardData(text: string): void {
  expect(text).not.toContain(PAN)
  expect(text).not.toContain('3782 8224')
  expect(text).not.toContain(CVC)
}

describe('create booking', () => {
  it('commit-then-drop: the server sees exactly 1 POST and the agent is told to check', async () => {
    server.route('POST', '/v1/booking', reply.commitThenDrop())
    const err = await client.createBooking(bookingReq).catch((e) => e)
    expect(server.hits('POST', '/v1/booking')).toBe(1)
    expect(err.code).toBe('outcome-unknown')
    expect(err.message).toBe(OUTCOME_UNKNOWN_MESSAGE)
    expect(err.reconcile).toEqual({ ownReference: 'SD-1001' })
    expect(toAppError(err).toPayload()).toEqual({
      code: 'outcome-unknown',
      message: OUTCOME_UNKNOWN_MESSAGE
    })
    noCardData(JSON.stringify({ ...err, message: err.message }))
  })

  it('no answer before the headers timeout is an unknown outcome, not a timeout to retry', async () => {
    server.route('POST', '/v1/booking', reply.slowHeaders(3000, JSON.stringify(created)))
    const err = await client.createBooking(bookingReq).catch((e) => e)
    expect(err.code).toBe('outcome-unknown')
    expect(server.hits('POST', '/v1/booking')).toBe(1)
  })

  it('503 is reported once and never retried', async () => {
    server.route('POST', '/v1/booking', reply.status(503))
    const err = await client.createBooking(bookingReq).catch((e) => e)
    expect(err.code).toBe('server-error')
    expect(server.hits('POST', '/v1/booking')).toBe(1)
    expect(sleeps).toBe(0)
  })

  it('a 2xx with an invalid body is "succeeded, unverified": check the booking, 0 retries', async () => {
    server.route('POST', '/v1/booking', reply.json({ hello: 'world' }))
    const err = await client.createBooking(bookingReq).catch((e) => e)
    expect(err.code).toBe('bad-response')
    expect(err.succeededUnverified).toBe(true)
    expect(err.message).toMatch(/Check the booking/)
    expect(err.message).not.toMatch(/failed/i)
    expect(server.hits('POST', '/v1/booking')).toBe(1)
  })

  it('a 2xx HTML body is "succeeded, unverified" too', async () => {
    server.route('POST', '/v1/booking', reply.html())
    const err = await client.createBooking(bookingReq).catch((e) => e)
    expect(err.succeededUnverified).toBe(true)
    expect(server.hits('POST', '/v1/booking')).toBe(1)
  })

  it('sends the validated body with the bearer token and parses the answer', async () => {
    server.route('POST', '/v1/booking', reply.json(created))
    const res = await client.createBooking(bookingReq)
    expect(res.bookingId).toBe('B-1')
    const sent = server.requests[0]
    expect(sent.headers.authorization).toBe('Bearer tok-writes')
    expect(sent.headers['content-type']).toBe('application/json')
    expect(JSON.parse(sent.body)).toMatchObject({ listingId: 12, creditCard: { number: PAN } })
  })

  it('an invalid request is refused before anything is sent, naming the field', async () => {
    server.route('POST', '/v1/booking', reply.json(created))
    const bad = { ...bookingReq, adults: 0, creditCard: { ...card, cvc: 'x1' } }
    const err = await client.createBooking(bad).catch((e) => e)
    expect(err.code).toBe('bad-input')
    expect(err.message).toMatch(/adults/)
    expect(err.message).toMatch(/creditCard\.cvc/)
    noCardData(err.message)
    expect(server.requests).toHaveLength(0)
  })

  it('connection refused before sending is offline: nothing reached the service', async () => {
    const port = server.port
    await server.close()
    const other = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, token: 'tok-writes' })
    const err = await other.createBooking(bookingReq).catch((e) => e)
    await other.close()
    expect(err.code).toBe('offline')
    server = await startFaultServer()
  })
})

describe('pay', () => {
  it('commit-then-drop: 1 POST, outcome-unknown with the booking id to look up', async () => {
    server.route('POST', '/v1/booking/B-1/pay', reply.commitThenDrop())
    const err = await client.pay('B-1', { creditCard: card }).catch((e) => e)
    expect(server.hits('POST', '/v1/booking/B-1/pay')).toBe(1)
    expect(err.code).toBe('outcome-unknown')
    expect(err.reconcile).toEqual({ bookingId: 'B-1' })
  })

  it.each([
    ['decline 402', reply.status(402, {}, `card ${PAN} declined, cvc ${CVC}`)],
    [
      '400 echoing the card',
      reply.status(400, {}, `invalid card ${PAN.replace(/(\d{4})/g, '$1 ')}`)
    ],
    ['500', reply.status(500)],
    ['timeout', reply.slowHeaders(3000)],
    ['bad body', reply.json({ bookingId: 1 })],
    ['reset', reply.reset()]
  ])('a failing pay (%s) carries no card digits in any error text', async (_name, step) => {
    server.route('POST', '/v1/booking/B-1/pay', step)
    const err = await client.pay('B-1', { creditCard: card }).catch((e) => e)
    const described = toAppError(err).toPayload()
    noCardData(described.message)
    noCardData(JSON.stringify(err))
    noCardData(String(err.stack))
    expect(server.hits('POST', '/v1/booking/B-1/pay')).toBe(1)
  })

  it('a 409 keeps the service message', async () => {
    server.route(
      'POST',
      '/v1/booking/B-1/pay',
      reply.status(409, {}, 'booking state is not valid for this request')
    )
    const err = await client.pay('B-1', { creditCard: card }).catch((e) => e)
    expect(err.code).toBe('conflict')
    expect(err.serviceMessage).toBe('booking state is not valid for this request')
    expect(err.message).toContain('booking state is not valid for this request')
  })
})

describe('cancel', () => {
  const cancelReq = { bookingId: 'B-1', reason: 'guest asked', message: 'Sorry' }
  const details = {
    id: 'B-1',
    status: 'cancelledByGuest',
    checkIn: { date: '2027-03-01' },
    checkOut: { date: '2027-03-05' },
    paymentStatus: 'refunded',
    instalments: []
  }

  it('is never retried: one hit under a reset, outcome unknown', async () => {
    server.route('POST', '/v1/booking/guest/cancel', reply.reset())
    const err = await client.cancel('guest', cancelReq).catch((e) => e)
    expect(server.hits('POST', '/v1/booking/guest/cancel')).toBe(1)
    expect(err.code).toBe('outcome-unknown')
    expect(sleeps).toBe(0)
  })

  it('a 409 stays the service’s refusal, even for a booking already cancelled, with no read of its own', async () => {
    server.route(
      'POST',
      '/v1/booking/guest/cancel',
      reply.status(409, {}, 'booking state is not valid for this request')
    )
    server.route('GET', '/v1/booking/B-1/DEMO', reply.json(details))
    const err = await client.cancel('guest', cancelReq).catch((e) => e)
    expect(err.code).toBe('conflict')
    expect(server.hits('POST', '/v1/booking/guest/cancel')).toBe(1)
    // Reading the booking again is the caller's part (the support desk shows where it stands).
    expect(server.hits('GET', '/v1/booking/B-1/DEMO')).toBe(0)
  })

  it('a 409 on a booking in another state stays a conflict with the service message', async () => {
    server.route(
      'POST',
      '/v1/booking/pm/cancel',
      reply.status(409, {}, 'booking state is not valid for this request')
    )
    server.route('GET', '/v1/booking/B-1/DEMO', reply.json({ ...details, status: 'completed' }))
    const err = await client.cancel('pm', cancelReq).catch((e) => e)
    expect(err.code).toBe('conflict')
    expect(toAppError(err).toPayload().message).toMatch(
      /booking state is not valid for this request/
    )
  })
})

describe('other writes', () => {
  it('quote is a single POST even on 503', async () => {
    server.route('POST', '/v1/quote', reply.status(503))
    const err = await client
      .quote({ listingId: 12, from: '2027-03-01', to: '2027-03-05', adults: 2 })
      .catch((e) => e)
    expect(err.code).toBe('server-error')
    expect(server.hits('POST', '/v1/quote')).toBe(1)
  })

  it('listing reference PATCH accepts an answer without a body and is not retried', async () => {
    server.route('PATCH', '/v1/listing/12/reference', { kind: 'reply', status: 200, body: '' })
    await client.setReference(12, { reference: 'MY-12' })
    expect(JSON.parse(server.requests[0].body)).toEqual({ reference: 'MY-12' })
    server.route('PATCH', '/v1/listing/references', reply.status(502))
    const err = await client
      .setReferences({ references: [{ listingId: 12, reference: 'MY-12' }] })
      .catch((e) => e)
    expect(err.code).toBe('server-error')
    expect(server.hits('PATCH', '/v1/listing/references')).toBe(1)
  })
})
