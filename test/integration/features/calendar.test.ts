import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PricedQuote } from '@shared/api/quote.schema'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import { fromWireQuote } from '@shared/domain/quote-wire'
import { clientCodesOf } from '../../unit/main/sandbox/state/pricing/rule-codes'
import { openDesk, staysAhead, type Desk } from '../main/desk-fixture'

/**
 * The calendar (months, a selected stay, pricing rules, the timeline) over real HTTP against the
 * demo sandbox: every answer is checked against the sandbox's own records and its quote endpoint,
 * not against the app's copy.
 */
describe('the calendar, answered from the offline copy', () => {
  let desk: Desk
  let today: string

  beforeAll(async () => {
    desk = await openDesk({ listings: 80 })
    today = utcDateOf(Date.now())
  })
  afterAll(async () => desk?.close())

  const stays = (n: number) => staysAhead(today, n)

  it('reads a calendar month day by day as the sandbox publishes it', async () => {
    const id = desk.sandbox.store.listingIds()[7]
    const month = addDays(today, 40).slice(0, 7)
    const cal = await desk.value('calendar:months', { listingId: id, from: month, count: 2 })
    const availability = desk.sandbox.store.availability(id)!.availability
    const rates = desk.sandbox.store.rates(id)!.rate
    expect(cal.months.map((m) => m.month)).toHaveLength(2)
    for (const day of cal.months.flatMap((m) => m.days)) {
      const a = availability[day.date]
      expect(day.known).toBe(a !== undefined)
      if (a) {
        expect(day).toMatchObject({
          available: a.available,
          checkInDay: a.checkInDay,
          checkOutDay: a.checkOutDay,
          minStay: a.minStay,
          maxStay: a.maxStay
        })
      }
      expect(day.priceCents).toBe(
        rates[day.date] === undefined ? null : eurToCents(rates[day.date])
      )
    }
    const prices = Object.values(rates).map(eurToCents)
    expect(cal.priceRange).toEqual({
      lowCents: Math.min(...prices),
      highCents: Math.max(...prices)
    })
    expect(cal.coverage.availability?.from).toBe(today)
  })

  it('prices a range selected on the calendar as the sandbox quotes it, or says why not', async () => {
    const stay = stays(4)[3]
    for (const id of desk.sandbox.store.listingIds().slice(0, 12)) {
      const mine = await desk.value('calendar:stay', { listingId: id, ...stay })
      const answer = desk.sandbox.store.quote({ listingId: id, ...stay })
      if ('reasons' in answer) {
        expect(mine.state).toBe('unavailable')
        if (mine.state === 'unavailable') {
          const refusals = desk.sandbox.store.refusals({ listingId: id, ...stay })
          expect([...new Set(mine.reasons.map((r) => r.code))].sort()).toEqual(
            clientCodesOf(refusals)
          )
        }
      } else {
        expect(mine.state).toBe('priced')
        if (mine.state === 'priced') {
          expect(mine.quote.totalCents).toBe(fromWireQuote(PricedQuote.parse(answer)).totalCents)
        }
      }
    }
    expect(await desk.value('calendar:stay', { listingId: 999_999, ...stay })).toEqual({
      state: 'unknown-listing'
    })
  })

  it('shows the rules that shape prices from the rate record', async () => {
    const id = desk.sandbox.store.listingIds()[3]
    const rules = (await desk.value('calendar:rules', { listingId: id }))!
    const rates = desk.sandbox.store.rates(id)!
    expect(rules.longerStay).toEqual(
      Object.entries(rates.longerStay ?? {})
        .map(([k, v]) => ({ minNights: Number(k), percent: v }))
        .sort((a, b) => a.minNights - b.minNights)
    )
    expect(rules.longerStayExclusions).toHaveLength(rates.longerStayExclusionPeriods?.length ?? 0)
    expect(rules.maxGuest).toBe(desk.sandbox.store.listing(id)!.maxGuest ?? null)
    // The seasons as the listing publishes them, for the calendar to word as the listing page.
    const special = desk.sandbox.store.listing(id)!.specialRates
    expect(special?.seasonPriceRules?.length).toBeGreaterThan(0)
    expect(rules.seasons).toEqual(special?.seasonPriceRules)
    expect(rules.sameRatesAllYear).toBe(special?.ratesSameAllYearRound === true)
    expect(await desk.value('calendar:rules', { listingId: 999_999 })).toBeNull()
  })

  it('lays the portfolio out as timeline rows, a letter a day, by name', async () => {
    const from = addDays(today, 5)
    const page = await desk.value('calendar:timeline', { from, days: 30, offset: 10, limit: 20 })
    expect(page.total).toBe(80)
    expect(page.rows).toHaveLength(20)
    for (const row of page.rows) {
      const a = desk.sandbox.store.availability(row.listingId)!.availability
      const expected = Array.from({ length: 30 }, (_, i) => {
        const d = a[addDays(from, i)]
        return !d ? '-' : !d.available ? 'x' : d.checkInDay ? 'i' : 'o'
      }).join('')
      expect(row.days).toBe(expected)
    }
    const names = page.rows.map((r) => r.name)
    expect(names).toEqual(
      [...names].sort((a, b) =>
        a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0
      )
    )
  })
})
