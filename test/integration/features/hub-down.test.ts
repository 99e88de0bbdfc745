import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useHubPlaces } from '../hub/fixture'
import type { TeamHub } from '../hub/team-fixture'
import type { Desk } from '../main/desk-fixture'
import { openTeamDesk } from './hub-team-desk'

/**
 * Issue 22 part 4, the hub down: a desk on a team profile keeps reading its offline copy, says
 * that the team hub (not the service, not StayDesk) can't be reached, and refuses writes with
 * that reason, sending nothing. A real hub over loopback, stopped in the middle.
 */

const places = useHubPlaces()

describe('a team profile whose hub stops', () => {
  let t: TeamHub
  let desk: Desk
  let bookingId: string

  beforeAll(async () => {
    ;({ t, desk } = await openTeamDesk(await places.place('embedded'), 'test'))
    bookingId = t.sandbox.store.demoBookings().find((b) => b.status === 'confirmed')!.id
    // Read once through the hub, so the desk keeps a copy of it.
    const live = await desk.value('bookings:open', { id: bookingId })
    expect(live.source).toBe('live')
    await t.stop()
  })
  afterAll(async () => {
    await desk?.close()
    await t?.close()
  })

  it('reads the booking from the offline copy, saying the team hub cannot be reached', async () => {
    const kept = await desk.value('bookings:open', { id: bookingId })
    expect(kept.source).toBe('copy')
    expect(kept.booking.id).toBe(bookingId)
    expect(kept.note).toMatch(/^The team hub can't be reached: /)
  })

  it('refuses a cancellation with that reason, as an outage, and nothing reaches the service', async () => {
    const before = t.sent('POST /v1/booking/guest/cancel')
    const result = await desk.call('bookings:cancel', {
      bookingId,
      by: 'guest',
      reason: 'Guest asked',
      message: 'Sorry to see you go'
    })
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe('offline')
      expect(result.error.message).toMatch(/^The team hub can't be reached: /)
    }
    expect(t.sent('POST /v1/booking/guest/cancel')).toBe(before)
    expect(t.sandbox.store.readBooking(bookingId, 'DEMO').status).toBe('confirmed')
    expect(desk.crashes).toEqual([])
  })
})
