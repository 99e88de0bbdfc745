import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useHubPlaces } from '../hub/fixture'
import type { TeamHub } from '../hub/team-fixture'
import type { Desk } from '../main/desk-fixture'
import { openTeamDesk } from './hub-team-desk'

/**
 * Issue 22: a viewer's write refused by the hub for its role is said as the hub's refusal, not
 * the service's, and reaches nothing: the service receives no cancellation.
 */

const places = useHubPlaces()

describe("a viewer's desk on a team profile", () => {
  let t: TeamHub
  let desk: Desk

  beforeAll(async () => {
    ;({ t, desk } = await openTeamDesk(await places.place('embedded'), 'test', 'vera'))
  })
  afterAll(async () => {
    await desk?.close()
    await t?.close()
  })

  it('is told the team hub refused its role, and the service receives nothing', async () => {
    const [booking] = t.sandbox.store.demoBookings().filter((b) => b.status === 'confirmed')
    const outcome = await desk.value('bookings:cancel', {
      bookingId: booking.id,
      by: 'guest',
      reason: 'Guest asked',
      message: 'Sorry to see you go'
    })
    expect(outcome).toMatchObject({ outcome: 'refused', code: 'forbidden' })
    const message = (outcome as { message: string }).message
    expect(message).toContain('Your role on the team hub does not allow this')
    expect(message).toContain('bookings:cancel needs the agent role; vera is a viewer')
    expect(message).not.toMatch(/with the service/)
    expect(t.sent('POST /v1/booking/guest/cancel')).toBe(0)
    expect(t.sandbox.store.readBooking(booking.id, 'DEMO').status).toBe('confirmed')
  })
})
