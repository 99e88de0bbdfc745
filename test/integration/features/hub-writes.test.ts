import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, ApiError } from '../../../src-main/api'
import { useHubPlaces } from '../hub/fixture'
import type { TeamHub } from '../hub/team-fixture'
import type { Desk } from '../main/desk-fixture'
import { openTeamDesk } from './hub-team-desk'

/**
 * Issue 22 part 4, writes through the hub: the desk's real cancel (runWrite, the journal, the
 * client) on a production team profile against a real hub over loopback in front of the demo
 * sandbox. What reached the service is counted at the hub's proxy and read in the sandbox's
 * own records, never in the desk's copy.
 */

const places = useHubPlaces()
const CANCEL = 'POST /v1/booking/guest/cancel'

describe('writes through a team hub', () => {
  let t: TeamHub
  let desk: Desk
  let confirmed: string[]

  beforeAll(async () => {
    ;({ t, desk } = await openTeamDesk(await places.place('embedded'), 'production'))
    confirmed = t.sandbox.store
      .demoBookings()
      .filter((b) => b.status === 'confirmed')
      .map((b) => b.id)
  })
  afterAll(async () => {
    await desk?.close()
    await t?.close()
  })

  const statusOf = (id: string) => t.sandbox.store.readBooking(id, 'DEMO').status
  const cancelOf = (bookingId: string, confirmation?: string) => ({
    bookingId,
    by: 'guest' as const,
    reason: 'Guest asked',
    message: 'Sorry to see you go',
    ...(confirmation === undefined ? {} : { confirmation })
  })

  it('sends a production cancel with its typed confirmation, journaled at the hub under its user', async () => {
    const id = confirmed[0]
    const before = t.sent(CANCEL)
    const outcome = await desk.value('bookings:cancel', cancelOf(id, id))
    expect(outcome.outcome).toBe('done')
    expect(t.sent(CANCEL)).toBe(before + 1)
    expect(statusOf(id)).toBe('cancelledByGuest')
    const journal = await t.call('vera', 'GET', `/hub/v1/production/bookings/${id}/writes`)
    const items = journal.body.items as { user: string; action: string; outcome: string }[]
    expect(items).toEqual([
      expect.objectContaining({ user: 'aldo', action: 'cancel', outcome: 'done' })
    ])
  })

  it('refuses a production cancel without the confirmation on its field, sending nothing', async () => {
    const id = confirmed[1]
    const before = t.sent(CANCEL)
    const result = await desk.call('bookings:cancel', cancelOf(id))
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.field).toBe('confirmation')
    expect(t.sent(CANCEL)).toBe(before)
    expect(statusOf(id)).toBe('confirmed')
  })

  it("reads the hub's 428 as a refusal on the confirmation field when the header is missing", async () => {
    const id = confirmed[2]
    const client = createApiClient({ baseUrl: `${t.base}/production`, token: t.tokens.aldo })
    try {
      const err = await client.cancel('guest', { ...cancelOf(id), salesChannel: 'DEMO' }).then(
        () => undefined,
        (e: unknown) => e
      )
      expect(err).toBeInstanceOf(ApiError)
      expect(err).toMatchObject({ code: 'bad-input', field: 'confirmation', status: 428 })
      expect((err as ApiError).message).toMatch(/^The team hub needs the typed confirmation/)
    } finally {
      await client.close()
    }
    expect(statusOf(id)).toBe('confirmed')
  })

  it('is refused naming the agent who cancelled the booking first, and not sent again', async () => {
    const id = confirmed[3]
    const first = await t.call(
      'dino',
      'POST',
      '/production/v1/booking/guest/cancel',
      { ...cancelOf(id), salesChannel: 'DEMO' },
      { 'X-StayDesk-Confirm': id }
    )
    expect(first.status).toBe(200)
    const before = t.sent(CANCEL)
    const outcome = await desk.value('bookings:cancel', cancelOf(id, id))
    expect(outcome.outcome).toBe('refused')
    if (outcome.outcome === 'refused') {
      expect(outcome.message).toMatch(/^The team hub did not send it: dino sent a cancellation/)
    }
    expect(t.sent(CANCEL)).toBe(before)
  })
})
