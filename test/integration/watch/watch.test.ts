import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AvailabilityRecord } from '@shared/api/availability.schema'
import type { RateRecord } from '@shared/api/rate.schema'
import { addDays, fromDayNumber, toDayNumber } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import { DEFAULT_GUARDRAILS, type Alert } from '@shared/watch/alert.schema'
import { createApiClient, type ApiClient } from '../../../src-main/api'
import { openMirror, type Mirror } from '../../../src-main/db'
import { openJournal, type Journal } from '../../../src-main/journal'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { syncAll } from '../../../src-main/sync/engine'
import { Watch, type WatchContext } from '../../../src-main/features/watch/watch'
import { findBookableStay, GOOD_CARD, GUEST, tempDir } from '../../helpers/sync-fixtures'

/**
 * The portfolio watch over a real mirror synced from the sandbox over HTTP: the alerts after a
 * delta are exactly those the sandbox's own records imply (computed here from sandbox.store,
 * before and after the changes, never from the app's copy), a second pass adds nothing, and a
 * dismissal survives both a re-run and a resync into a rebuilt mirror.
 */

const TODAY = '2026-11-23'
const TOKEN = 'demo-token'
const RULES = DEFAULT_GUARDRAILS

interface Expected {
  kind: Alert['kind']
  listingId: number
  bookingId: string | null
  nights: string[]
  oldValue: number | null
  newValue: number | null
  limit: number | null
}

interface Snapshot {
  availability: Map<number, AvailabilityRecord>
  rates: Map<number, RateRecord>
}

function snapshot(sandbox: SandboxHandle): Snapshot {
  const availability = new Map<number, AvailabilityRecord>()
  const rates = new Map<number, RateRecord>()
  for (const id of sandbox.store.listingIds()) {
    availability.set(id, structuredClone(sandbox.store.availability(id)!))
    rates.set(id, structuredClone(sandbox.store.rates(id)!))
  }
  return { availability, rates }
}

/** One night the records imply, before grouping. */
type Night = Omit<Expected, 'nights'> & { day: number }

/** Consecutive nights of one cause as one alert: the grouping the Alerts screen promises. */
function group(nights: Night[]): Expected[] {
  // Nights under the floor are one alert whatever each one's price: the run's lowest.
  const cause = (n: Night) =>
    [
      n.kind,
      n.listingId,
      n.bookingId,
      n.oldValue,
      n.kind === 'price-floor' || n.newValue,
      n.limit
    ].join('|')
  const byCause = new Map<string, Night[]>()
  for (const n of nights) byCause.set(cause(n), [...(byCause.get(cause(n)) ?? []), n])
  const out: Expected[] = []
  for (const list of byCause.values()) {
    list.sort((a, b) => a.day - b.day)
    let run: Night[] = []
    const flush = () => {
      if (run.length === 0) return
      const { day: _day, ...facts } = run[0]
      if (facts.kind === 'price-floor') facts.newValue = Math.min(...run.map((n) => n.newValue!))
      out.push({ ...facts, nights: run.map((n) => fromDayNumber(n.day)) })
      run = []
    }
    for (const n of list) {
      if (run.length > 0 && n.day !== run[run.length - 1].day + 1) flush()
      run.push(n)
    }
    flush()
  }
  return out
}

/** Nights under the floor (open or not) and open ones without a rate, over the records now. */
function stateNights(now: Snapshot): Night[] {
  const out: Night[] = []
  const today = toDayNumber(TODAY)
  for (const [id, rec] of now.rates) {
    const dates = Object.keys(rec.rate).sort()
    if (dates.length === 0) continue
    const [first, last] = [toDayNumber(dates[0]), toDayNumber(dates[dates.length - 1])]
    const days = now.availability.get(id)?.availability ?? {}
    for (let d = Math.max(first, today); d <= last; d++) {
      const date = fromDayNumber(d)
      const price = rec.rate[date]
      const base = { listingId: id, bookingId: null, day: d, oldValue: null }
      if (price === undefined) {
        if (days[date]?.available === true) {
          out.push({ ...base, kind: 'no-rate', newValue: null, limit: null })
        }
      } else if (eurToCents(price) < RULES.floorCents!) {
        const newValue = eurToCents(price)
        out.push({ ...base, kind: 'price-floor', newValue, limit: RULES.floorCents })
      }
    }
  }
  return out
}

/** Price drops and minimum-stay jumps between two states of the service's records. */
function changeNights(before: Snapshot, after: Snapshot): Night[] {
  const out: Night[] = []
  const today = toDayNumber(TODAY)
  for (const [id, rec] of after.rates) {
    const old = before.rates.get(id)!.rate
    for (const [date, price] of Object.entries(rec.rate)) {
      const was = old[date]
      if (was === undefined || toDayNumber(date) < today) continue
      const [o, n] = [eurToCents(was), eurToCents(price)]
      if (o > 0 && (o - n) * 100 > o * RULES.priceDropPercent!) {
        out.push({
          kind: 'price-drop',
          listingId: id,
          bookingId: null,
          day: toDayNumber(date),
          oldValue: o,
          newValue: n,
          limit: RULES.priceDropPercent
        })
      }
    }
  }
  for (const [id, rec] of after.availability) {
    const old = before.availability.get(id)!.availability
    for (const [date, day] of Object.entries(rec.availability)) {
      const was = old[date]
      if (!was || toDayNumber(date) < today) continue
      const limit = RULES.minStayLimit!
      if (was.minStay <= limit && day.minStay > limit) {
        out.push({
          kind: 'min-stay-jump',
          listingId: id,
          bookingId: null,
          day: toDayNumber(date),
          oldValue: was.minStay,
          newValue: day.minStay,
          limit
        })
      }
    }
  }
  return out
}

const facts = (a: Alert | Expected): Expected => ({
  kind: a.kind,
  listingId: a.listingId,
  bookingId: a.bookingId,
  nights: a.nights,
  oldValue: a.oldValue,
  newValue: a.newValue,
  limit: a.limit
})
// The same fields in the same order on both sides, so two alerts of one kind and listing sort alike.
const order = (list: Expected[]) =>
  list.map(facts).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))

describe('the portfolio watch after syncs from the sandbox', () => {
  let sandbox: SandboxHandle
  let client: ApiClient
  let mirror: Mirror
  let journal: Journal
  let watch: Watch
  let file: string
  let booking: { id: string; listingId: number; from: string; to: string }
  let dropped: { listingId: number; night: string; cents: number }
  let before: Snapshot
  let expectedAfterDelta: Expected[]
  const dir = tempDir('staydesk-watch-')

  const ctxOf = (baseUrl: () => string): WatchContext => ({
    profile: () => ({
      id: 'test',
      name: 'Test',
      kind: 'test',
      baseUrl: baseUrl(),
      salesChannel: 'DEMO'
    }),
    journal: undefined as unknown as Journal,
    client: () => createApiClient({ baseUrl: baseUrl(), token: TOKEN, salesChannel: 'DEMO' }),
    mirror: async () => mirror,
    now: () => Date.now(),
    today: () => TODAY,
    changed: () => undefined,
    journalChanged: () => undefined,
    log: () => undefined
  })
  const openAlerts = async () =>
    (await watch.list({ status: 'open', offset: 0, limit: 500 })).items.filter((a) => !a.endedAt)
  const delta = async () => {
    const { errors, results } = await syncAll(client, mirror)
    expect(errors).toEqual([])
    return results
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 150, seed: 23, today: TODAY })
    client = createApiClient({ baseUrl: sandbox.url, token: TOKEN, salesChannel: 'DEMO' })
    file = join(dir, 'mirror.sqlite')
    mirror = await openMirror(file)
    journal = await openJournal(join(dir, 'journal.sqlite'))
    const ctx = { ...ctxOf(() => sandbox.url), journal }
    watch = new Watch(ctx)
    expect((await syncAll(client, mirror)).errors).toEqual([])
    // A confirmed booking the desk keeps, as the Bookings screen keeps every booking it reads.
    const stay = findBookableStay(mirror, TODAY, 20)
    const made = await client.createBooking({
      ...stay,
      adults: 2,
      guest: GUEST,
      creditCard: GOOD_CARD
    })
    expect(made.status).toBe('confirmed')
    booking = { id: made.bookingId, ...stay }
    mirror.bookings.keep(await client.booking(made.bookingId, 'DEMO'), {
      fetchedAt: Date.now(),
      listingId: stay.listingId
    })
    await delta()
  })
  afterAll(async () => {
    await watch?.close()
    await mirror?.close()
    journal?.close()
    await client?.close()
    await sandbox?.close()
  })

  it('the first pass scans every listing and finds what the records imply, no double booking', async () => {
    const pass = await watch.run()
    expect(pass).toMatchObject({ full: true, listings: 150 })
    const expected = group(stateNights(snapshot(sandbox)))
    const alerts = await openAlerts()
    expect(order(alerts.map(facts))).toEqual(order(expected))
    expect(pass!.added).toHaveLength(expected.length)
  })

  it('a delta that reopens a booked night and drops prices raises exactly those alerts', async () => {
    before = snapshot(sandbox)
    // Cancelled elsewhere: the kept copy still says confirmed, the nights are open again.
    await client.cancel('guest', { bookingId: booking.id, reason: 'elsewhere', message: 'x' })
    // A price halved on an open night of another listing, and one put under the floor.
    const open = (id: number) =>
      Object.entries(sandbox.store.availability(id)!.availability)
        .filter(([d, day]) => day.available && d >= addDays(TODAY, 10))
        .map(([d]) => d)
        .filter((d) => sandbox.store.rates(id)!.rate[d] !== undefined)
    const [a, b] = sandbox.store.listingIds().filter((id) => id !== booking.listingId)
    const night = open(a)[3]
    const was = sandbox.store.rates(a)!.rate[night]
    sandbox.store.setNightlyRate(a, night, Math.round(was * 50) / 100)
    dropped = { listingId: a, night, cents: eurToCents(Math.round(was * 50) / 100) }
    for (const d of open(b).slice(0, 2)) sandbox.store.setNightlyRate(b, d, 19)
    // And a week's arrivals on a third listing asked to stay at least 21 nights.
    const c = sandbox.store.listingIds().filter((id) => id !== booking.listingId)[2]
    for (const d of open(c).slice(0, 7)) sandbox.store.setMinStay(c, d, 21)
    // Three consecutive open nights of a fourth listing cut by 40 %, each from its own price.
    const d4 = sandbox.store.listingIds().filter((id) => id !== booking.listingId)[3]
    const run = open(d4).find((d, i, all) => all[i + 2] === addDays(d, 2))!
    for (const d of [run, addDays(run, 1), addDays(run, 2)]) {
      const price = sandbox.store.rates(d4)!.rate[d]
      sandbox.store.setNightlyRate(d4, d, Math.round(price * 60) / 100)
    }
    sandbox.churnNow()
    const after = snapshot(sandbox)

    const results = await delta()
    for (const r of results) expect(r.mode).toBe('delta')
    const pass = await watch.run()
    expect(pass?.full).toBe(false)
    expect(pass!.changes).toBeGreaterThan(0)
    expect(pass!.listings).toBeLessThan(150)

    const today = toDayNumber(TODAY)
    const reopened: Night[] = []
    for (let d = toDayNumber(booking.from); d < toDayNumber(booking.to); d++) {
      if (d < today) continue
      if (after.availability.get(booking.listingId)!.availability[fromDayNumber(d)]?.available) {
        reopened.push({
          kind: 'double-booking',
          listingId: booking.listingId,
          bookingId: booking.id,
          day: d,
          oldValue: null,
          newValue: null,
          limit: null
        })
      }
    }
    expect(reopened.length).toBe(3)
    expectedAfterDelta = order(
      group([...stateNights(after), ...changeNights(before, after), ...reopened])
    )
    const alerts = await openAlerts()
    expect(order(alerts.map(facts))).toEqual(expectedAfterDelta)
    // The floor guards every published rate, open or not; each alert says which nights the
    // sandbox has open for booking now.
    const floors = alerts.filter((a) => a.kind === 'price-floor')
    expect(floors.length).toBeGreaterThan(0)
    for (const a of floors) {
      const days = sandbox.store.availability(a.listingId)!.availability
      const open = a.nights.filter((n) => days[n]?.available === true)
      expect(a.openNights).toEqual(open)
      expect(a.reason).toMatch(/open for booking now[^)]*\)$/)
    }
    // Alerts found in the same pass are listed by listing, then night.
    const found = alerts.filter((x) => pass!.added.includes(x.id))
    expect(found.filter((x) => x.kind === 'price-drop' && x.listingId === d4)).toHaveLength(3)
    const byListingNight = [...found].sort(
      (x, y) =>
        x.listingId - y.listingId ||
        x.nights[0].localeCompare(y.nights[0]) ||
        x.kind.localeCompare(y.kind)
    )
    expect(found.map((x) => x.id)).toEqual(byListingNight.map((x) => x.id))

    const db = alerts.find((x) => x.kind === 'double-booking')!
    expect(db.reason).toMatch(
      new RegExp(
        `^${booking.id}: .+ \\(3 nights\\) are bookable again at .+: cancelled elsewhere, or a calendar error$`
      )
    )
    // The change as the delta's history recorded it.
    expect(db.change).toMatchObject({ new: { available: true }, old: { available: false } })
    const drop = alerts.find((x) => x.kind === 'price-drop' && x.listingId === dropped.listingId)!
    expect(drop).toMatchObject({ nights: [dropped.night], newValue: dropped.cents })
    expect(drop.reason).toContain('fell 50%')
    expect(alerts.filter((x) => x.kind === 'min-stay-jump').length).toBeGreaterThan(0)
  })

  it('a second pass adds nothing, and dismissed alerts stay dismissed through a re-run', async () => {
    expect((await watch.run())?.added).toEqual([])
    const ids = (await openAlerts()).map((a) => a.id)
    expect(await watch.setStatus(ids, 'dismissed')).toBe(ids.length)
    expect((await watch.run())?.added).toEqual([])
    const listed = await watch.list({ status: 'dismissed', offset: 0, limit: 500 })
    expect(listed.total).toBe(ids.length)
    expect(listed.counts).toMatchObject({ new: 0, seen: 0, dismissed: ids.length })
  })

  it('dismissals survive a resync into a rebuilt mirror: the same situations come back dismissed', async () => {
    await mirror.close()
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
    mirror = await openMirror(file)
    // The kept store beside it still holds the booking the desk read.
    expect(mirror.bookings.get(booking.id)?.summary.status).toBe('confirmed')
    const results = await delta()
    expect(results.every((r) => r.mode !== 'delta')).toBe(true)
    const pass = await watch.run()
    expect(pass).toMatchObject({ full: true, added: [] })
    const dismissed = await watch.list({ status: 'dismissed', offset: 0, limit: 500 })
    const stillOpen = dismissed.items.filter((a) => !a.endedAt).map(facts)
    // Every situation the records imply is there, dismissed, none added or reopened.
    expect(order(stillOpen)).toEqual(expectedAfterDelta)
    expect((await watch.list({ status: 'new', offset: 0, limit: 500 })).total).toBe(0)
  })

  it('a new price on the same night is a new alert; the old one ends', async () => {
    const half = Math.round(dropped.cents / 2) / 100
    sandbox.store.setNightlyRate(dropped.listingId, dropped.night, half)
    await delta()
    const pass = await watch.run()
    const added = (await watch.list({ status: 'new', offset: 0, limit: 500 })).items
    expect(pass!.added).toHaveLength(added.length)
    expect(added.map(facts)).toContainEqual(
      expect.objectContaining({
        kind: 'price-drop',
        listingId: dropped.listingId,
        nights: [dropped.night],
        oldValue: dropped.cents,
        newValue: eurToCents(half)
      })
    )
  })

  it('a live check says the booking is cancelled, and an unreachable service is an outcome, not an error', async () => {
    const db = (
      await watch.list({ status: 'dismissed', kind: 'double-booking', offset: 0, limit: 5 })
    ).items[0]
    const check = await watch.check(db.id)
    expect(check).toMatchObject({
      outcome: 'booking-cancelled',
      bookingStatus: 'cancelledByGuest',
      unreachable: false
    })
    expect(check.words).toBe(
      `The service says ${booking.id} is cancelledByGuest: its nights are no longer held.`
    )
    expect(check.nights.map((n) => n.available)).toEqual([true, true, true])

    const offline = new Watch({ ...ctxOf(() => 'http://127.0.0.1:9'), journal })
    try {
      const silent = await offline.check(db.id)
      expect(silent).toMatchObject({ outcome: 'unknown', unreachable: true, bookingStatus: null })
      expect(silent.words).toContain('The service did not answer')
    } finally {
      await offline.close()
    }
  })

  it('a night closed and then reopened again is a new alert; the dismissed one stays dismissed', async () => {
    // Another confirmed booking the desk keeps, then one of its nights reopened at the service.
    const stay = findBookableStay(mirror, TODAY, 60, new Set([booking.listingId]))
    const made = await client.createBooking({
      ...stay,
      adults: 2,
      guest: GUEST,
      creditCard: GOOD_CARD
    })
    mirror.bookings.keep(await client.booking(made.bookingId, 'DEMO'), {
      fetchedAt: Date.now(),
      listingId: stay.listingId
    })
    const night = addDays(stay.to, -1)
    sandbox.store.reopenNight(stay.listingId, night)
    await delta()
    await watch.run()
    const ofBooking = async () =>
      (await watch.list({ status: 'open', kind: 'double-booking', offset: 0, limit: 50 })).items
        .concat(
          (await watch.list({ status: 'dismissed', kind: 'double-booking', offset: 0, limit: 50 }))
            .items
        )
        .filter((a) => a.bookingId === made.bookingId)
    const [first] = await ofBooking()
    expect(first).toMatchObject({ nights: [night], status: 'new', endedAt: null })
    await watch.setStatus([first.id], 'dismissed')

    // Someone books the night (closed again), then cancels (open again): a new situation.
    const caller = { token: TOKEN, channel: 'DEMO', merchantOfRecord: 'service' as const }
    let nights = 1
    while (
      sandbox.store.refusals({
        listingId: stay.listingId,
        from: night,
        to: addDays(night, nights),
        adults: 2
      }).length > 0
    )
      nights++
    const other = await client.createBooking({
      listingId: stay.listingId,
      from: night,
      to: addDays(night, nights),
      adults: 2,
      guest: GUEST,
      creditCard: GOOD_CARD
    })
    await delta()
    await watch.run()
    expect((await ofBooking()).map((a) => [a.id, a.status, a.endedAt !== null])).toEqual([
      [first.id, 'dismissed', true]
    ])
    sandbox.store.cancel(caller, 'guest', { bookingId: other.bookingId, reason: 'x', message: 'y' })
    await delta()
    const pass = await watch.run()
    const now = await ofBooking()
    expect(now.map((a) => [a.status, a.nights, a.endedAt !== null])).toEqual([
      ['new', [night], false],
      ['dismissed', [night], true]
    ])
    expect(pass!.added).toEqual([now[0].id])
  })
})
