import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fromWireQuote } from '@shared/domain/quote-wire'
import { PricedQuote } from '@shared/api/quote.schema'
import { instantStay, openDesk, type Desk } from '../main/desk-fixture'

describe('quotes, live and offline, through the desk', () => {
  let desk: Desk
  const used = new Set<number>()

  beforeAll(async () => {
    desk = await openDesk()
  })
  afterAll(async () => desk?.close())

  const stay = () => instantStay(desk, used)

  it('quotes live and offline alike on a fresh copy; a changed rate shows, a refresh mends it', async () => {
    const s = stay()
    const answer = await desk.value('quotes:ask', s)
    expect(answer.live.state).toBe('priced')
    expect(answer.offline.state).toBe('priced')
    expect(answer.differences).toEqual([])
    if (answer.live.state !== 'priced') return
    const service = fromWireQuote(PricedQuote.parse(desk.sandbox.store.quote(s)))
    expect(answer.live.quote.totalCents).toBe(service.totalCents)
    expect(answer.live.quote.rentalRateCents).toBe(service.rentalRateCents)

    // The owner changes this stay's first night on the service; the offline copy does not know.
    const night = desk.sandbox.store.rates(s.listingId)!.rate[s.from]
    desk.sandbox.store.setNightlyRate(s.listingId, s.from, night + 25)
    const stale = await desk.value('quotes:ask', s)
    expect(stale.differences.map((d) => d.field)).toContain('totalCents')
    expect(stale.differences.find((d) => d.field === 'totalCents')?.label).toBe('Total to pay')
    await desk.value('listings:refresh', { id: s.listingId })
    expect((await desk.value('quotes:ask', s)).differences).toEqual([])
  })
})
