import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
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

  /** The kept store's own rows (src-main/kept), read beside the app through a connection of its own. */
  function keptRows() {
    const dir = join(desk.dataDir, 'mirrors')
    const file = readdirSync(dir).find((f) => f.endsWith('.kept.sqlite'))
    const db = new Database(join(dir, file!), { readonly: true })
    try {
      return db
        .prepare(
          'SELECT id, listing_id, status, guest_name, check_in, check_out FROM bookings ORDER BY check_in, id'
        )
        .all() as {
        id: string
        listing_id: number | null
        status: string
        guest_name: string | null
        check_in: string
        check_out: string
      }[]
    } finally {
      db.close()
    }
  }

  /** Ended bookings have given their nights back: the timeline leaves them out. */
  const ENDED = [
    'cancelled',
    'cancelledByGuest',
    'cancelledByPm',
    'cancelledByYR',
    'declined',
    'expired'
  ]

  it('gives each timeline row exactly the kept bookings over its days that still hold them', async () => {
    const kept = keptRows()
    expect(kept.length).toBe(desk.sandbox.demoBookings.length)
    // Spans that start before, on and after the demo's stays begin, a block of rows at a time.
    for (const [start, offset, limit] of [
      [-20, 0, 80],
      [0, 0, 80],
      [10, 30, 30],
      [25, 0, 40]
    ] as const) {
      const from = addDays(today, start)
      const days = 40
      const end = addDays(from, days)
      const page = await desk.value('calendar:timeline', { from, days, offset, limit })
      const ids = new Set(page.rows.map((r) => r.listingId))
      const expected = kept
        .filter(
          (b) =>
            b.listing_id !== null &&
            ids.has(b.listing_id) &&
            b.check_in < end &&
            b.check_out > from &&
            !ENDED.includes(b.status)
        )
        .map((b) => ({
          listingId: b.listing_id,
          id: b.id,
          guestName: b.guest_name,
          status: b.status,
          checkIn: b.check_in,
          checkOut: b.check_out
        }))
      const got = page.rows.flatMap((r) =>
        r.bookings.map((b) => ({ listingId: r.listingId, ...b }))
      )
      const byStay = (a: { checkIn: string; id: string }, b: { checkIn: string; id: string }) =>
        a.checkIn.localeCompare(b.checkIn) || a.id.localeCompare(b.id)
      expect(got.sort(byStay)).toEqual(expected.sort(byStay))
      if (start === 0) {
        // The span holds stays to draw and ended ones to leave out, or the check proves little.
        expect(expected.length).toBeGreaterThan(2)
        const ended = kept.filter(
          (b) =>
            ids.has(b.listing_id!) &&
            b.check_in < end &&
            b.check_out > from &&
            ENDED.includes(b.status)
        )
        expect(ended.length).toBeGreaterThan(0)
      }
    }
  })

  it('gives each night’s published price when asked, and none otherwise', async () => {
    const from = addDays(today, 3)
    const page = await desk.value('calendar:timeline', {
      from,
      days: 45,
      offset: 5,
      limit: 10,
      prices: true
    })
    expect(page.rows).toHaveLength(10)
    for (const row of page.rows) {
      const rates = desk.sandbox.store.rates(row.listingId)?.rate ?? {}
      expect(row.prices).toEqual(
        Array.from({ length: 45 }, (_, i) => {
          const eur = rates[addDays(from, i)]
          return eur === undefined ? null : eurToCents(Number(eur))
        })
      )
    }
    const plain = await desk.value('calendar:timeline', { from, days: 45, offset: 5, limit: 10 })
    expect(plain.rows.every((r) => r.prices === undefined)).toBe(true)
  })
})
