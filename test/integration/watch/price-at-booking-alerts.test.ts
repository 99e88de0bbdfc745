import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BookingDetails } from '@shared/api'
import { sentenceDate } from '@shared/domain/date-words'
import { utcDateOf } from '@shared/domain/dates'
import { eurToCents, formatEur } from '@shared/domain/money'
import type { Mirror } from '../../../src-main/db'
import { bookingPriceAtBooking } from '../../../src-main/features/watch/booking-price'
import { tempDir } from '../../helpers/sync-fixtures'
import { runStaydesk } from '../cli/run-cli'
import { instantStay, type Desk } from '../main/desk-fixture'
import { CARD_OK, GUEST } from '../sandbox/sandbox-client'
import { bookWithChildren, extraGuestsCents, openPricedDesk } from './price-desk'

/**
 * Price at booking as a warning of the watch pass after each sync, on the demo profile's mirror
 * synced from the sandbox over real HTTP: a kept booking whose read leaves out the children it
 * was charged for differs from its stay priced at the rates of the day (the extra guests), and
 * is one alert, with the sandbox's own total (store.readBooking) and the total the sandbox's own
 * rules give for the adults its read lists; a booking that agrees, and a demo booking made before
 * the history starts (not known), raise none.
 */

let desk: Desk
let mirror: Mirror
const used = new Set<number>()

beforeAll(async () => {
  ;({ desk, mirror } = await openPricedDesk())
})
afterAll(async () => {
  await mirror?.close()
  await desk?.close()
  vi.useRealTimers()
})

const alerts = async (status: 'open' | 'dismissed' = 'open') =>
  (await desk.value('watch:alerts', { kind: 'price-at-booking', status, limit: 500 })).items
const totalOf = (id: string) =>
  eurToCents(BookingDetails.parse(desk.sandbox.store.readBooking(id, 'DEMO')).payment!.amount!)
const priced = (bookingId: string) =>
  bookingPriceAtBooking({ mirror: async () => mirror, now: () => Date.now() }, { bookingId })

describe('price at booking alerts, after syncs of the demo', () => {
  let differs: { bookingId: string; listingId: number; nights: string[] }
  let agrees: string
  let alertId: number

  it('a kept booking charged for children its read leaves out is exactly one alert naming the extra guests', async () => {
    differs = bookWithChildren(desk, used)
    const stay = instantStay(desk, used)
    const made = await desk.value('bookings:create', { stay, guest: GUEST, card: CARD_OK })
    if (made.outcome !== 'done') throw new Error(`not booked: ${made.outcome}`)
    agrees = made.bookingId
    await desk.value('sync:run', {})
    // The desk reads (and so keeps) the booking made elsewhere; the next sync's pass prices it.
    await desk.value('bookings:open', { id: differs.bookingId })
    vi.setSystemTime(Date.now() + 60_000)
    await desk.value('sync:run', {})

    const found = await alerts()
    expect(found.map((a) => a.bookingId)).toEqual([differs.bookingId])
    const [alert] = found
    alertId = alert.id
    // What the sandbox charged, and its own rules for the two adults the read lists.
    const store = desk.sandbox.store
    const extra = extraGuestsCents(desk, differs.listingId, differs.nights.length)
    const total = totalOf(differs.bookingId)
    expect(alert).toMatchObject({
      kind: 'price-at-booking',
      status: 'new',
      listingId: differs.listingId,
      nights: differs.nights,
      oldValue: total - extra,
      newValue: total,
      endedAt: null
    })
    const madeOn = utcDateOf(store.now())
    expect(alert.reason).toBe(
      `${differs.bookingId} at ${alert.listingName} (${differs.listingId}): charged ${formatEur(total)}, ` +
        `the rates of ${sentenceDate(madeOn)} give ${formatEur(total - extra)}: the extra guests differ`
    )
  })

  it('a booking whose price agrees, and a demo booking the history does not reach, raise none', async () => {
    expect((await priced(agrees)).verdict).toBe('same')
    // The demo's confirmed bookings ahead, kept at first start: the pass watches them.
    const today = utcDateOf(Date.now())
    const demo = desk.sandbox.demoBookings.filter((b) => b.status === 'confirmed' && b.to > today)
    expect(demo.length).toBeGreaterThan(0)
    for (const b of demo) {
      expect(mirror.bookings.get(b.id)?.summary.listingId).toBe(b.listingId)
      expect((await priced(b.id)).verdict).toBe('not-known')
    }
    const all = [...(await alerts()), ...(await alerts('dismissed'))].map((a) => a.bookingId)
    expect(all).not.toContain(agrees)
    for (const b of demo) expect(all).not.toContain(b.id)
  })

  it('is not repeated by the next passes, even when the listing’s rates change', async () => {
    const store = desk.sandbox.store
    const night = differs.nights[0]
    store.setNightlyRate(differs.listingId, night, store.rates(differs.listingId)!.rate[night] + 25)
    vi.setSystemTime(Date.now() + 60_000)
    await desk.value('sync:run', {})
    await desk.value('sync:run', {})
    expect((await alerts()).map((a) => a.id)).toEqual([alertId])
  })

  it('once dismissed it is not returned again, through a re-read and the next syncs', async () => {
    await desk.value('watch:set-status', { ids: [alertId], status: 'dismissed' })
    // A live check reads the booking again from the service: the same total, the same difference.
    const check = await desk.value('watch:check', { id: alertId })
    expect(check).toMatchObject({ outcome: 'still-applies', unreachable: false })
    expect(check.words).toBe(
      `The service still says ${differs.bookingId} cost ${formatEur(totalOf(differs.bookingId))}.`
    )
    vi.setSystemTime(Date.now() + 60_000)
    await desk.value('sync:run', {})
    expect(await alerts()).toEqual([])
    const dismissed = await alerts('dismissed')
    expect(dismissed.map((a) => [a.id, a.endedAt])).toEqual([[alertId, null]])
  })

  it('a read with another total is a new alert and ends the one before; one that agrees ends it; the real read back, again', async () => {
    // As if the service's read now stated €10 more (a correction at the service): the copy the
    // desk keeps is that read.
    const real = mirror.bookings.get(differs.bookingId)!
    const corrected = structuredClone(real.booking)
    corrected.payment!.amount = corrected.payment!.amount! + 10
    mirror.bookings.keep(corrected, { fetchedAt: Date.now() })
    vi.setSystemTime(Date.now() + 60_000)
    await desk.value('sync:run', {})
    const [now] = await alerts()
    const total = totalOf(differs.bookingId)
    expect(now).toMatchObject({ status: 'new', newValue: total + 1000, endedAt: null })
    expect(now.id).not.toBe(alertId)
    const [before] = await alerts('dismissed')
    expect(before.id).toBe(alertId)
    expect(before.endedAt).not.toBeNull()

    // As if the service's read now stated what the rates of the day give, line by line: they
    // agree, and the alert is over with no other in its place.
    const lines = (await priced(differs.bookingId)).lines
    const cents = (key: string) => lines.find((l) => l.key === key)!.cents!
    const agreeing = structuredClone(real.booking)
    agreeing.payment = {
      ...agreeing.payment!,
      rental: cents('rental') / 100,
      discount: -cents('discount') / 100,
      amount: cents('total') / 100,
      ...(cents('cleaning') !== 0 && { cleaning: cents('cleaning') / 100 })
    }
    mirror.bookings.keep(agreeing, { fetchedAt: Date.now() })
    expect((await priced(differs.bookingId)).verdict).toBe('same')
    vi.setSystemTime(Date.now() + 60_000)
    await desk.value('sync:run', {})
    const over = await alerts()
    expect(over.filter((a) => a.endedAt === null)).toEqual([])
    expect(over.find((a) => a.id === now.id)?.endedAt).not.toBeNull()

    // Read from the service again: its own total, the first difference back as a new alert.
    await desk.value('bookings:open', { id: differs.bookingId })
    vi.setSystemTime(Date.now() + 60_000)
    await desk.value('sync:run', {})
    const open = await alerts()
    const back = open.filter((a) => a.endedAt === null)
    expect(back.map((a) => a.newValue)).toEqual([total])
    expect(back[0].id).not.toBe(alertId)
    alertId = back[0].id
    await desk.value('watch:set-status', { ids: [alertId], status: 'dismissed' })
  })

  it('`staydesk alerts --kind price-at-booking` lists it from the same mirror, in the same words', async () => {
    const env = { ...process.env, STAYDESK_DATA_DIR: tempDir('staydesk-data-') }
    const [dismissed] = (await alerts('dismissed')).filter((a) => a.id === alertId)
    const args = [
      'alerts',
      '--kind',
      'price-at-booking',
      '--status',
      'dismissed',
      '--db',
      mirror.file
    ]
    const json = await runStaydesk([...args, '--json'], env)
    expect(json.code, json.stderr).toBe(0)
    const listed = JSON.parse(json.stdout) as {
      added: number
      items: { id: number; reason: string }[]
    }
    expect(listed.added).toBe(0)
    expect(listed.items.map((a) => [a.id, a.reason])).toContainEqual([alertId, dismissed.reason])
    const text = await runStaydesk(args, env)
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toContain('Price at booking')
    expect(text.stdout).toContain(dismissed.reason)
  })
})
