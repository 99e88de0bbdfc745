import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { createApiClient, type ApiClient } from '../../../src-main/api'
import { openMirror, type Mirror } from '../../../src-main/db'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { syncAll, type SyncProgress } from '../../../src-main/sync/engine'
import {
  expectMirrorEqualsService,
  findBookableStay,
  GOOD_CARD,
  GUEST,
  tempDir
} from '../../helpers/sync-fixtures'

const TODAY = '2026-11-23'

describe('full sync, then delta after bookings, cancellations and churn', () => {
  let sandbox: SandboxHandle
  let client: ApiClient
  let mirror: Mirror

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 450, seed: 3, today: TODAY })
    client = createApiClient({ baseUrl: sandbox.url, token: 'demo-token', salesChannel: 'DEMO' })
    mirror = await openMirror(join(tempDir(), 'mirror.sqlite'))
  })
  afterAll(async () => {
    await mirror?.close()
    await client?.close()
    await sandbox?.close()
  })

  it('a first sync walks everything, reports progress and leaves a mirror equal to the service', async () => {
    const events: SyncProgress[] = []
    const { results, errors } = await syncAll(client, mirror, { onProgress: (e) => events.push(e) })
    expect(errors).toEqual([])
    expect(results.map((r) => [r.resource, r.mode, r.records])).toEqual(
      expect.arrayContaining([
        ['listings', 'full+delta', 450],
        ['availability', 'full+delta', 450],
        ['rates', 'full+delta', 450]
      ])
    )
    const pages = events.filter((e) => e.type === 'page' && e.mode === 'full')
    expect(pages.filter((e) => e.resource === 'listings')).toHaveLength(3)
    expect(events.filter((e) => e.type === 'done')).toHaveLength(3)
    for (const r of SYNC_RESOURCES) {
      expect(mirror.sync.cursor(r)).toMatchObject({ phase: 'delta', lastError: null })
    }
    await expectMirrorEqualsService(mirror, client)
  })

  it('a delta sync picks up a booking, a cancellation and a churn tick, and nothing else', async () => {
    const first = findBookableStay(mirror, TODAY, 30)
    const second = findBookableStay(mirror, TODAY, 60, new Set([first.listingId]))
    const kept = await client.createBooking({
      ...first,
      adults: 2,
      guest: GUEST,
      creditCard: GOOD_CARD
    })
    expect(kept.status).toBe('confirmed')
    const dropped = await client.createBooking({ ...second, adults: 2, guest: GUEST })
    expect(dropped.status).toBe('pendingPayment')
    await client.cancel('guest', {
      bookingId: dropped.bookingId,
      reason: 'plans changed',
      message: 'sorry'
    })
    sandbox.churnNow()

    expect(
      mirror.calendars
        .month(first.listingId, first.from.slice(0, 7))
        .days.find((d) => d.date === first.from)?.available
    ).toBe(true)
    const { results, errors } = await syncAll(client, mirror)
    expect(errors).toEqual([])
    for (const r of results) expect(r.mode).toBe('delta')
    // Only the listings that changed come back, not the whole portfolio.
    const availability = results.find((r) => r.resource === 'availability')!
    expect(availability.records).toBeGreaterThanOrEqual(2)
    expect(availability.records).toBeLessThan(450)
    const day = mirror.calendars
      .month(first.listingId, first.from.slice(0, 7))
      .days.find((d) => d.date === first.from)
    expect(day?.available).toBe(false)
    await expectMirrorEqualsService(mirror, client)
  })

  it('records what changed, so "what did this cost yesterday?" has an answer', async () => {
    const before = mirror.history.ofListing(0).length
    expect(before).toBe(0)
    let changedRates: number[] = []
    for (let i = 0; i < 5 && changedRates.length === 0; i++)
      changedRates = sandbox.store.churn().rates
    await syncAll(client, mirror)
    const withHistory = changedRates.filter(
      (id) => mirror.history.ofListing(id, { resource: 'rates' }).length > 0
    )
    expect(withHistory.length).toBeGreaterThan(0)
    const entry = mirror.history.ofListing(withHistory[0], { resource: 'rates' })[0]
    expect(entry).toHaveProperty('old')
    expect(entry).toHaveProperty('new')
    await expectMirrorEqualsService(mirror, client)
  })

  it('--full starts over and still ends equal', async () => {
    const { results, errors } = await syncAll(client, mirror, { full: true })
    expect(errors).toEqual([])
    for (const r of results) expect(r.mode).toBe('full+delta')
    await expectMirrorEqualsService(mirror, client)
  })
})
