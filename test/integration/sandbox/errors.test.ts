import { ServiceError } from '@shared/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SandboxHandle } from '../../../src-main/sandbox'
import { call, CARD_OK, get, GUEST, post, startTestSandbox } from './sandbox-client'

let sandbox: SandboxHandle
let listingId: number

beforeAll(async () => {
  sandbox = await startTestSandbox()
  listingId = sandbox.store.listingIds()[0]
})
afterAll(() => sandbox.close())

/** Asserts a JSON `{message}` error whose message starts with `prefix` (the field at fault). */
function expectError(
  answer: { status: number; body: unknown; headers: Headers },
  status: number,
  prefix?: string
) {
  expect(answer.status).toBe(status)
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
  const { message } = ServiceError.parse(answer.body)
  if (prefix) expect(message.startsWith(prefix), message).toBe(true)
}

const stay = () => ({ listingId, from: '2027-01-10', to: '2027-01-14', adults: 2 })

describe('authentication', () => {
  it.each([
    ['no Authorization header', null],
    ['an unknown token', 'not-a-token']
  ])('%s is 401 with a JSON message', async (_case, token) => {
    expectError(await get(sandbox, '/v1/listings', token), 401, 'Authorization')
    expectError(await post(sandbox, '/v1/quote', stay(), token), 401, 'Authorization')
  })

  it('a malformed scheme is 401', async () => {
    const answer = await call(sandbox, 'GET', '/v1/listings', {
      token: null,
      headers: { authorization: 'Basic ZGVtbzpkZW1v' }
    })
    expectError(answer, 401, 'Authorization')
  })
})

describe('bad input is 400 naming the field', () => {
  it.each([
    ['from is not a date', { from: '2027-02-30' }, 'from: must be a date YYYY-MM-DD'],
    ['to is before from', { to: '2027-01-09' }, 'to: must be after from'],
    ['to equals from', { to: '2027-01-10' }, 'to: must be after from'],
    ['adults is zero', { adults: 0 }, 'adults: must be a positive number'],
    ['adults is missing', { adults: undefined }, 'adults: is required'],
    ['adults is a boolean', { adults: true }, 'adults: must be a number'],
    ['adults is text', { adults: 'two' }, 'adults: must be a number'],
    [
      'a child is 13',
      { children: 2, childrenAges: [4, 13] },
      'childrenAges.1: ages go from 0 to 12'
    ],
    ['listingId is text', { listingId: 'abc' }, 'listingId: must be a number']
  ])('quote: %s', async (_case, change, message) => {
    expectError(await post(sandbox, '/v1/quote', { ...stay(), ...change }), 400, message)
  })

  it('quote: a body that is not an object', async () => {
    expectError(await post(sandbox, '/v1/quote', [stay()]), 400, 'body: must be an object')
  })

  it('malformed JSON', async () => {
    expectError(await post(sandbox, '/v1/quote', '{"listingId": 1,'), 400, 'body: malformed JSON')
  })

  it('a POST without a JSON Content-Type', async () => {
    const answer = await call(sandbox, 'POST', '/v1/quote', {
      body: JSON.stringify(stay()),
      headers: { 'content-type': 'text/plain' }
    })
    expectError(answer, 400, 'Content-Type: ')
  })

  it('booking: guest e-mail and card fields, without echoing the card', async () => {
    const card = { number: '4242 4242 42', cvc: '12', expiration: '13/30' }
    const answer = await post(sandbox, '/v1/booking', {
      ...stay(),
      guest: { ...GUEST, email: 'nope' },
      creditCard: card
    })
    expectError(answer, 400, 'guest.email: ')
    const missing = await post(sandbox, '/v1/booking', { ...stay(), creditCard: CARD_OK })
    expectError(missing, 400, 'guest: is required')
    const badCard = await post(sandbox, '/v1/booking', {
      ...stay(),
      guest: GUEST,
      creditCard: card
    })
    expectError(badCard, 400, 'creditCard.number: ')
    expect(badCard.text).not.toContain('4242')
  })

  it('pay and cancel bodies', async () => {
    expectError(await post(sandbox, '/v1/booking/X1/pay', {}), 400, 'creditCard: is required')
    expectError(
      await post(sandbox, '/v1/booking/guest/cancel', { bookingId: 'X1' }),
      400,
      'reason: '
    )
    expectError(
      await post(sandbox, '/v1/booking/owner/cancel', {
        bookingId: 'X',
        reason: 'r',
        message: 'm'
      }),
      400,
      'cancelledBy: '
    )
  })

  it('listing references', async () => {
    const one = await call(sandbox, 'PATCH', `/v1/listing/${listingId}/reference`, {
      body: { url: 'https://example.com/1' }
    })
    expectError(one, 400, 'reference: is required')
    const many = await call(sandbox, 'PATCH', '/v1/listing/references', {
      body: { references: [] }
    })
    expectError(many, 400, 'references: ')
    const ok = await call(sandbox, 'PATCH', `/v1/listing/${listingId}/reference`, {
      body: { reference: 'MY-1', status: 'active' }
    })
    expect(ok.status).toBe(200)
  })

  it('period availability dates', async () => {
    expectError(
      await get(sandbox, '/v1/availability/listings/2027-13-01/2027-12-10'),
      400,
      'from: '
    )
    expectError(await get(sandbox, '/v1/availability/listings/2027-01-01/soon'), 400, 'to: ')
    expectError(
      await get(sandbox, '/v1/availability/listings/2027-01-10/2027-01-10'),
      400,
      'to: must be after from'
    )
  })

  it('path numbers', async () => {
    expectError(await get(sandbox, '/v1/listings/-1'), 400, 'pageNumber: ')
    expectError(await get(sandbox, '/v1/listing/abc'), 400, 'listingId: ')
    expectError(await get(sandbox, '/v1/listings/delta'), 400, 'timestamp: ')
  })

  it('a body over 1 MB is 413', async () => {
    const answer = await post(sandbox, '/v1/quote', { ...stay(), notes: 'x'.repeat(1_100_000) })
    expectError(answer, 413, 'body: ')
  })
})

describe('unknown things', () => {
  it.each([
    ['a route', 'GET', '/v1/nothing-here'],
    ['a listing', 'GET', '/v1/listing/999999999'],
    ['a listing calendar', 'GET', '/v1/availability/listing/999999999'],
    ['listing rates', 'GET', '/v1/rates/listing/999999999'],
    ['a booking', 'GET', '/v1/booking/NOPE-1/DEMO']
  ])('%s is 404 with a JSON message', async (_case, method, path) => {
    expectError(await call(sandbox, method, path), 404)
  })

  it('quote and booking for an unknown listing are 404', async () => {
    expectError(
      await post(sandbox, '/v1/quote', { ...stay(), listingId: 999999999 }),
      404,
      'listingId: '
    )
    const booking = { ...stay(), listingId: 999999999, guest: GUEST }
    expectError(await post(sandbox, '/v1/booking', booking), 404, 'listingId: ')
  })

  it('a wrong method is 405 with Allow', async () => {
    const answer = await call(sandbox, 'DELETE', `/v1/listing/${listingId}`)
    expectError(answer, 405)
    expect(answer.headers.get('allow')).toBe('GET')
  })
})
