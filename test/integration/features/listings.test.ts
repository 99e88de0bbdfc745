import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDesk, type Desk } from '../main/desk-fixture'

/**
 * The listing page and its images over real HTTP against the demo sandbox: every answer is checked
 * against the sandbox's own records and its quote endpoint, not against the app's copy.
 */
describe('the listing page, answered from the offline copy', () => {
  let desk: Desk

  beforeAll(async () => {
    desk = await openDesk({ listings: 80 })
  })
  afterAll(async () => desk?.close())

  it('gives the full listing page and keeps its images for offline viewing', async () => {
    const id = desk.sandbox.store.listingIds()[2]
    const page = (await desk.value('listings:page', { id }))!
    expect(page.listing.id).toBe(id)
    expect(page.listing.houseRules).toBe(desk.sandbox.store.listing(id)!.houseRules)
    expect(page.seenAt.listings).not.toBeNull()
    const first = (await desk.value('listings:image', { id, index: 0 }))!
    expect(first.fromCopy).toBe(false)
    expect(first.dataUrl).toMatch(/^data:image\/svg\+xml;base64,/)
    const fetched = desk.sent('GET /images/')
    const again = (await desk.value('listings:image', { id, index: 0 }))!
    expect(again).toMatchObject({ fromCopy: true, dataUrl: first.dataUrl })
    expect(desk.sent('GET /images/')).toBe(fetched)
    expect(await desk.value('listings:image', { id, index: 150 })).toBeNull()
  })
})
