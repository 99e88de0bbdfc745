import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { openDesk, type Desk } from '../main/desk-fixture'

/**
 * The history of changes the sync records over real HTTP against the demo sandbox: every answer is
 * checked against the sandbox's own records and its quote endpoint, not against the app's copy.
 */
describe('history, answered from the offline copy', () => {
  let desk: Desk
  let today: string

  beforeAll(async () => {
    desk = await openDesk({ listings: 80 })
    today = utcDateOf(Date.now())
  })
  afterAll(async () => desk?.close())

  it('records a changed night’s price after a delta sync, before and after in words', async () => {
    const id = desk.sandbox.store.listingIds()[11]
    const night = addDays(today, 30)
    const was = desk.sandbox.store.rates(id)!.rate[night]
    desk.sandbox.store.setNightlyRate(id, night, was + 17)
    await desk.value('sync:run', {})
    const page = await desk.value('history:list', { listingId: id, kind: 'price', date: night })
    expect(page.items[0]).toMatchObject({
      listingId: id,
      kind: 'price',
      key: night,
      before: `€${was.toFixed(2)}`,
      after: `€${(was + 17).toFixed(2)}`
    })
    const all = await desk.value('history:list', { from: today })
    expect(all.items.some((i) => i.listingId === id && i.key === night)).toBe(true)
  })
})
