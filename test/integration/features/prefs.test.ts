import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDesk, type Desk } from '../main/desk-fixture'

/**
 * Screen settings over real HTTP against the demo sandbox: every answer is checked against the
 * sandbox's own records and its quote endpoint, not against the app's copy.
 */
describe('screen settings, kept per profile', () => {
  let desk: Desk

  beforeAll(async () => {
    desk = await openDesk({ listings: 80 })
  })
  afterAll(async () => desk?.close())

  it('keeps screen settings per profile', async () => {
    expect(await desk.value('prefs:get', { key: 'listings.view' })).toEqual({ value: null })
    await desk.value('prefs:set', { key: 'listings.view', value: { city: 'Split', sort: 'name' } })
    expect(await desk.value('prefs:get', { key: 'listings.view' })).toEqual({
      value: { city: 'Split', sort: 'name' }
    })
    const tooBig = await desk.call('prefs:set', {
      key: 'listings.view',
      value: { text: 'x'.repeat(20_000) }
    })
    expect(tooBig.ok).toBe(false)
  })
})
