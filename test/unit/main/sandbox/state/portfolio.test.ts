import { describe, expect, it } from 'vitest'
import { AvailabilityRecord, FEE_BASES, Listing, RateRecord } from '@shared/api'
import { addDays, weekday } from '@shared/domain/dates'
import { newStore, TODAY } from '../helpers'

const DAY_MS = 86_400_000

describe('sandbox portfolio', () => {
  const store = newStore()
  const ids = store.listingIds()

  it('is deterministic for a seed and differs for another seed', () => {
    const again = newStore()
    const other = newStore(300, 2)
    for (const id of ids.slice(0, 20)) {
      expect(again.listing(id)).toEqual(store.listing(id))
      expect(again.availability(id)).toEqual(store.availability(id))
      expect(again.rates(id)).toEqual(store.rates(id))
    }
    expect(other.listingIds()).not.toEqual(ids)
    expect(other.listing(other.listingIds()[0])).not.toEqual(store.listing(ids[0]))
  })

  it('keeps listing k the same whatever the portfolio size', () => {
    const small = newStore(10)
    expect(small.listingIds()).toEqual(ids.slice(0, 10))
    expect(small.rates(ids[9])).toEqual(store.rates(ids[9]))
  })

  it('gives 300 listings with ascending, non-contiguous ids', () => {
    expect(ids).toHaveLength(300)
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1])
    expect(ids[ids.length - 1] - ids[0]).toBeGreaterThan(ids.length)
  })

  it('parses every listing, availability and rate record with the shared schemas', () => {
    for (const id of ids) {
      expect(Listing.parse(store.listing(id))).toEqual(store.listing(id))
      AvailabilityRecord.parse(store.availability(id))
      RateRecord.parse(store.rates(id))
    }
  })

  it('fills the portfolio with realistic variety', () => {
    const all = ids.map((id) => store.listing(id)!)
    const share = (p: (l: Listing) => boolean) => all.filter(p).length / all.length
    expect(share((l) => l.bookingType === 'onRequest')).toBeGreaterThan(0.07)
    expect(share((l) => l.bookingType === 'onRequest')).toBeLessThan(0.25)
    expect(share((l) => l.active === false)).toBeGreaterThan(0)
    expect(share((l) => l.active === false)).toBeLessThan(0.08)
    expect(new Set(all.map((l) => l.cleaning?.feeBasis))).toEqual(
      new Set(['included', 'mandatory', 'optional'])
    )
    expect(new Set(all.map((l) => l.location?.countryISO)).size).toBeGreaterThanOrEqual(6)
    expect(new Set(all.map((l) => l.cancellationPolicy?.name)).size).toBeGreaterThanOrEqual(3)
    const langs = new Set(all.flatMap((l) => Object.keys(l.description ?? {})))
    expect(langs).toEqual(new Set(['EN', 'DE', 'FR', 'ES', 'IT', 'NL']))
    const bases = new Set(
      all
        .flatMap((l) => [
          ...(l.taxes ?? []),
          ...(l.localTax ? [l.localTax] : []),
          ...(l.extras ?? [])
        ])
        .map((f) => f.feeBasis)
        .filter((b) => b !== undefined)
    )
    for (const b of bases) expect(FEE_BASES as readonly string[]).toContain(b)
    expect(bases.size).toBeGreaterThanOrEqual(8)
    for (const l of all) {
      expect(l.images?.[0].url).toBe(`/images/${l.id}/1.svg`)
      expect(l.lastModified).toBeGreaterThanOrEqual(l.created!)
      expect(l.lastModified! * 1000).toBeLessThanOrEqual(store.now())
      expect(l.maxGuest).toBeGreaterThan(0)
      expect(l.instructions?.checkIn).toMatch(/^\d{2}:\d{2}$/)
    }
  })

  it('covers exactly today..today+729 for availability and today..today+364 for rates', () => {
    const days = Object.keys(store.availability(ids[0])!.availability)
    expect(days).toHaveLength(730)
    expect(days[0]).toBe(TODAY)
    expect(days[729]).toBe(addDays(TODAY, 729))
    const rates = Object.keys(store.rates(ids[0])!.rate)
    expect(rates).toHaveLength(365)
    expect(rates[364]).toBe(addDays(TODAY, 364))
  })

  it('sets day flags from the check-in and check-out weekdays and varies min stay by season', () => {
    for (const id of ids.slice(0, 50)) {
      const l = store.listing(id)!
      const days = store.availability(id)!.availability
      for (const [date, day] of Object.entries(days)) {
        expect(day.checkInDay).toBe(l.basicRates!.checkInDays!.includes(weekday(date)))
        expect(day.checkOutDay).toBe(l.basicRates!.checkOutDays!.includes(weekday(date)))
        expect(day.minStay).toBeGreaterThanOrEqual(l.basicRates!.minimumStay!)
      }
      const prices = Object.values(store.rates(id)!.rate)
      expect(Math.max(...prices)).toBeGreaterThan(Math.min(...prices))
    }
    const blocked = ids.map((id) => Object.values(store.availability(id)!.availability))
    expect(blocked.flat().some((d) => !d.available)).toBe(true)
    expect(blocked.flat().some((d) => d.available)).toBe(true)
  })

  it('moves the windows with the clock', () => {
    const s = newStore(5)
    const id = s.listingIds()[0]
    const before = s.availability(id)!.availability
    s.advance(40 * DAY_MS)
    const after = s.availability(id)!.availability
    const first = addDays(TODAY, 40)
    expect(Object.keys(after)[0]).toBe(first)
    expect(Object.keys(after)).toHaveLength(730)
    expect(Object.keys(s.rates(id)!.rate)).toHaveLength(365)
    expect(after[first]).toEqual(before[first])
    AvailabilityRecord.parse(s.availability(id))
  })

  it('generates 10,000 listings', () => {
    const started = performance.now()
    const big = newStore(10_000)
    const elapsed = performance.now() - started
    expect(big.listingIds()).toHaveLength(10_000)
    for (const id of big.listingIds().filter((_, i) => i % 997 === 0)) {
      Listing.parse(big.listing(id))
      AvailabilityRecord.parse(big.availability(id))
      RateRecord.parse(big.rates(id))
    }
    console.log(`10,000 listings generated in ${Math.round(elapsed)} ms`)
  }, 30_000)
})
