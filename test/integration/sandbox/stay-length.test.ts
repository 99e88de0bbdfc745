import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '@shared/domain/dates'
import type { SandboxHandle } from '../../../src-main/sandbox'
import { GUEST, post, startTestSandbox, TODAY } from './sandbox-client'

/**
 * The service publishes availability for two years (spec, Limits), so a stay longer than that
 * is answered at once with why, before the store walks its nights: a departure in the year 9027
 * held the demo service for 13 s. The guard is the sandbox's own (http/stay-length.ts).
 */
describe('a stay longer than the availability window', () => {
  let sandbox: SandboxHandle
  let listingId: number
  beforeAll(async () => {
    sandbox = await startTestSandbox({ listings: 20 })
    listingId = sandbox.store.listingIds()[0]
  })
  afterAll(async () => sandbox?.close())

  const from = addDays(TODAY, 30)

  it('is quoted unavailable, saying the window, however long it is', async () => {
    for (const to of ['9027-01-01', addDays(from, 731)]) {
      const answer = await post(sandbox, '/v1/quote', { listingId, from, to, adults: 2 })
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({
        available: false,
        reasons: [expect.stringMatching(/availability is published for 730 days from today/)]
      })
    }
  })

  it('is refused as a booking (409, the same reason)', async () => {
    const answer = await post(sandbox, '/v1/booking', {
      listingId,
      from,
      to: '9027-01-01',
      adults: 2,
      guest: GUEST
    })
    expect(answer.status).toBe(409)
    expect((answer.body as { message: string }).message).toMatch(/730 days from today/)
  })

  it('leaves a stay of the whole window to the stay rules, as before', async () => {
    const answer = await post(sandbox, '/v1/quote', {
      listingId,
      from,
      to: addDays(from, 700),
      adults: 2
    })
    expect(answer.status).toBe(200)
    expect((answer.body as { reasons: string[] }).reasons.join(' ')).not.toMatch(/730 days/)
  })
})
