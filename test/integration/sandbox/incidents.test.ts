import { AvailabilityPage, RatePage } from '@shared/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IncidentReport, SandboxHandle } from '../../../src-main/sandbox'
import { get, startTestSandbox, walk } from './sandbox-client'

/**
 * The demo's situations and incidents as a client meets them over HTTP (docs/sandbox.md,
 * "Situations and incidents"): a first full sync finds the situations, and a delta after the
 * incidents returns exactly the changed records with the new values.
 */

let sandbox: SandboxHandle
let report: IncidentReport
let startSeconds: number

beforeAll(async () => {
  let told: (r: IncidentReport) => void = () => undefined
  const incidents = new Promise<IncidentReport>((resolve) => (told = resolve))
  sandbox = await startTestSandbox({
    listings: 300,
    situations: true,
    incidentsAfterMs: 50,
    onIncidents: (r) => told(r)
  })
  startSeconds = Math.floor(sandbox.store.now() / 1000)
  report = await incidents
})
afterAll(() => sandbox.close())

describe('situations from the start', () => {
  it('the full pages publish the reopened night, the mistyped prices and the missing rate', async () => {
    const s = sandbox.situations
    const availability = (await walk(sandbox, '/v1/availability')).flatMap((p) =>
      AvailabilityPage.parse(p)
    )
    const rates = (await walk(sandbox, '/v1/rates')).flatMap((p) => RatePage.parse(p))
    const days = (id: number) => availability.find((r) => r.listingId === id)!.availability
    const rate = (id: number) => rates.find((r) => r.listingId === id)!.rate

    expect(days(s.reopened!.listingId)[s.reopened!.date].available).toBe(true)
    for (const n of s.mistyped!.nights) expect(rate(s.mistyped!.listingId)[n.date]).toBe(n.newEur)
    expect(rate(s.unpriced!.listingId)).not.toHaveProperty(s.unpriced!.date)
    expect(days(s.unpriced!.listingId)[s.unpriced!.date].available).toBe(true)
  })
})

describe('incidents, a while after the start', () => {
  it('a delta since the start returns the changed availability and rate records, with the new values', async () => {
    const availability = AvailabilityPage.parse(
      (await get(sandbox, `/v1/availability/delta/${startSeconds}`)).body
    )
    const rates = RatePage.parse((await get(sandbox, `/v1/rates/delta/${startSeconds}`)).body)
    const listings = (await get(sandbox, `/v1/listings/delta/${startSeconds}`)).body

    const { reopened, priceCut, minStay } = report
    expect(availability.map((r) => r.listingId)).toEqual(
      [reopened!.listingId, minStay!.listingId].sort((a, b) => a - b)
    )
    expect(rates.map((r) => r.listingId)).toEqual([priceCut!.listingId])
    expect(listings).toEqual([])

    const days = (id: number) => availability.find((r) => r.listingId === id)!.availability
    expect(days(reopened!.listingId)[reopened!.date].available).toBe(true)
    for (const n of minStay!.nights) expect(days(minStay!.listingId)[n.date].minStay).toBe(21)
    for (const n of priceCut!.nights) {
      expect(rates[0].rate[n.date]).toBe(n.newEur)
      expect(n.newEur! / n.oldEur).toBeCloseTo(0.6, 3)
    }
  })

  it('the reopened booking reads as before: confirmed, with its money', async () => {
    const id = report.reopened!.bookingId
    const answer = await get(sandbox, `/v1/booking/${id}/DEMO`)
    expect(answer.status).toBe(200)
    const start = sandbox.demoBookings.find((b) => b.id === id)!
    expect(answer.body).toMatchObject({ id, status: 'confirmed', checkIn: { date: start.from } })
  })
})
