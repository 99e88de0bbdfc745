import {
  AvailabilityByListing,
  BOOKING_STATUSES,
  BookingDetails,
  CancellationResult,
  PayResult,
  ServiceError,
  type AvailabilityRecord
} from '@shared/api'
import { daysBetween, eachNight } from '@shared/domain/dates'
import { eurToCents, percentOf } from '@shared/domain/money'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoBookingSummary, SandboxHandle } from '../../../src-main/sandbox'
import { policyByName, tierFor } from '../../../src-main/sandbox/state/policies'
import { CARD_OK, CHANNEL, get, MOR_CHANNEL, post, startTestSandbox, TODAY } from './sandbox-client'

/** The demo bookings as a client meets them: over HTTP, with the demo token. */

const NOT_VALID = 'booking state is not valid for this request'
const HOLDING_NONE = [
  'expired',
  'declined',
  'cancelled',
  'cancelledByGuest',
  'cancelledByPm',
  'cancelledByYR'
]
const CANCELLABLE = ['confirmed', 'pendingPayment', 'pendingConfirm', 'coolOff']
const HOUR = 3_600_000

let sandbox: SandboxHandle
let demo: DemoBookingSummary[]

beforeAll(async () => {
  sandbox = await startTestSandbox({ listings: 300 })
  demo = sandbox.demoBookings
})
afterAll(() => sandbox.close())

async function read(s: SandboxHandle, id: string) {
  const answer = await get(s, `/v1/booking/${encodeURIComponent(id)}/${CHANNEL}`)
  expect(answer.status, answer.text).toBe(200)
  return BookingDetails.parse(answer.body)
}

async function calendar(s: SandboxHandle, listingId: number): Promise<AvailabilityRecord> {
  const answer = await get(s, `/v1/availability/listing/${listingId}`)
  return AvailabilityByListing.parse(answer.body).list[0]
}

const cancel = (s: SandboxHandle, by: 'guest' | 'pm', bookingId: string) =>
  post(s, `/v1/booking/${by}/cancel`, { bookingId, reason: 'test', message: 'sorry' })

describe('demo bookings (300 listings, seed 1)', () => {
  it('each reads back with its summary and parses with the shared schema', async () => {
    expect(sandbox.demoBookingIds).toEqual(demo.map((d) => d.id))
    expect(demo.length).toBeGreaterThanOrEqual(20)
    for (const d of demo) {
      const details = await read(sandbox, d.id)
      expect(details).toMatchObject({
        id: d.id,
        status: d.status,
        salesChannel: CHANNEL,
        checkIn: { date: d.from },
        checkOut: { date: d.to }
      })
      expect(`${details.guest?.firstName} ${details.guest?.lastName}`).toBe(d.guestName)
    }
    expect(new Set(demo.map((d) => d.status))).toEqual(new Set(BOOKING_STATUSES))
  })

  it('another channel reads none of them', async () => {
    for (const d of demo.slice(0, 5)) {
      expect((await get(sandbox, `/v1/booking/${d.id}/${MOR_CHANNEL}`)).status).toBe(404)
    }
  })

  it('holds the nights of active bookings in the calendar and leaves freed ones available', async () => {
    for (const d of demo) {
      const days = (await calendar(sandbox, d.listingId)).availability
      for (const night of eachNight(d.from, d.to).filter((n) => n >= TODAY)) {
        expect(days[night].available, `${d.id} ${d.status} ${night}`).toBe(
          HOLDING_NONE.includes(d.status)
        )
      }
    }
  })

  it('never puts two bookings on the same nights of a listing', () => {
    for (const a of demo) {
      for (const b of demo) {
        if (a === b || a.listingId !== b.listingId) continue
        expect(a.to <= b.from || b.to <= a.from, `${a.id} and ${b.id}`).toBe(true)
      }
    }
  })

  it('finds a booking by the ownReference given at creation', async () => {
    const referenced = demo.filter((d) => d.ownReference)
    expect(referenced.length).toBeGreaterThan(0)
    for (const d of referenced) expect((await read(sandbox, d.ownReference!)).id).toBe(d.id)
    const unknown = await get(sandbox, `/v1/booking/WEB-NOPE/${CHANNEL}`)
    expect(unknown.status).toBe(404)
  })

  it('quotes the nights a demo booking holds as unavailable', async () => {
    const held = demo.find((d) => d.status === 'confirmed' && d.from > TODAY)!
    const answer = await post(sandbox, '/v1/quote', {
      listingId: held.listingId,
      from: held.from,
      to: held.to,
      adults: 1
    })
    expect(answer.body).toMatchObject({ available: false })
  })
})

describe('the end-to-end demo portfolio (60 listings, seed 1)', () => {
  it('has every status, and each booking reads back', async () => {
    const small = await startTestSandbox({ listings: 60 })
    try {
      expect(new Set(small.demoBookings.map((d) => d.status))).toEqual(new Set(BOOKING_STATUSES))
      for (const d of small.demoBookings) expect((await read(small, d.id)).status).toBe(d.status)
    } finally {
      await small.close()
    }
  })
})

describe('changing demo bookings over HTTP', () => {
  it('cancels every cancellable one and refuses every other with the spec message', async () => {
    const s = await startTestSandbox({ listings: 300 })
    try {
      let partial = 0
      for (const d of s.demoBookings) {
        if (!CANCELLABLE.includes(d.status)) {
          for (const by of ['guest', 'pm'] as const) {
            const refused = await cancel(s, by, d.id)
            expect(refused.status, `${d.id} ${d.status}`).toBe(409)
            expect(ServiceError.parse(refused.body).message).toBe(NOT_VALID)
          }
          continue
        }
        const before = await read(s, d.id)
        const answer = await cancel(s, 'guest', d.ownReference ?? d.id)
        expect(answer.status, answer.text).toBe(200)
        const result = CancellationResult.parse(answer.body)
        expect(result).toMatchObject({ id: d.id, status: 'cancelledByGuest' })
        const policy = policyByName(before.cancellationPolicy?.name)
        const percent = tierFor(policy, daysBetween(TODAY, d.from)).percent
        if (percent > 0 && percent < 100) partial++
        result.instalments.forEach((i, k) => {
          const paid = before.instalments[k].status === 'paid'
          const expected = paid ? percentOf(eurToCents(i.amount), percent) : 0
          expect(eurToCents(i.refundedAmount ?? 0)).toBe(expected)
        })
        const days = (await calendar(s, d.listingId)).availability
        for (const night of eachNight(d.from, d.to)) expect(days[night].available).toBe(true)
        expect((await cancel(s, 'pm', d.id)).status).toBe(409)
      }
      expect(partial).toBeGreaterThan(0)
    } finally {
      await s.close()
    }
  })

  it('pays one pending booking; the other expires once the clock passes expiresAt', async () => {
    const s = await startTestSandbox({ listings: 300 })
    try {
      const unpaid = s.demoBookings.filter((d) => d.status === 'pendingPayment')
      expect(unpaid.length).toBeGreaterThanOrEqual(2)
      const [payNow, lapse] = unpaid
      const paid = await post(s, `/v1/booking/${payNow.id}/pay`, { creditCard: CARD_OK })
      expect(PayResult.parse(paid.body)).toMatchObject({ status: 'confirmed' })

      const left = Date.parse(lapse.expiresAt!) - s.store.now()
      expect(left).toBeGreaterThan(0)
      expect(left).toBeLessThan(24 * HOUR)
      s.store.advance(left - 60_000)
      expect((await read(s, lapse.id)).status).toBe('pendingPayment')
      s.store.advance(2 * 60_000)
      expect((await read(s, lapse.id)).status).toBe('expired')
      expect((await read(s, payNow.id)).status).toBe('confirmed')
      const days = (await calendar(s, lapse.listingId)).availability
      for (const night of eachNight(lapse.from, lapse.to)) expect(days[night].available).toBe(true)
    } finally {
      await s.close()
    }
  })
})
