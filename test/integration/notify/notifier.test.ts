import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BookingDetails } from '@shared/api/booking.schema'
import type { Notice } from '@shared/notify/notice'
import type { Alert } from '@shared/watch/alert.schema'
import { openMirror, type Mirror } from '../../../src-main/db'
import { Notifier, type Timers } from '../../../src-main/features/notify/notifier'
import { notifySettingsStore } from '../../../src-main/features/notify/settings-store'
import { NOTIFY_TOLD_FILE, toldStore } from '../../../src-main/features/notify/told-store'
import { makeBooking } from '../db/booking-fixtures'
import { cursor, makeListing, tempDir } from '../db/fixtures'

/**
 * The notifier over a real mirror's kept bookings with a controlled clock and a recording
 * notify function: a payment deadline or an on-request decision within the hour is told once,
 * only while its kind is on; the watch's new alerts are told per kind; no notification carries a
 * guest's name, e-mail or phone.
 */

const MIN = 60_000
const HOUR = 60 * MIN
const T0 = Date.parse('2026-04-10T08:00:00Z')
const GUEST = {
  firstName: 'Zoë',
  lastName: 'Brandstätter',
  email: 'zoe.b@example.com',
  phone: '+43 660 1234567'
}

let m: Mirror
let dir: string
let cleanup: () => void
let clock: number
let shown: Notice[]
let logged: string[]
let pending: (() => void)[]

/** Timers the test fires itself: the clock only moves when the test says so. */
const timers: Timers = {
  set: (fn) => pending.push(fn),
  clear: () => void (pending = [])
}

beforeEach(async () => {
  const t = tempDir()
  dir = t.dir
  cleanup = t.cleanup
  m = await openMirror(t.file)
  m.sync.commitPage({
    resource: 'listings',
    records: [
      makeListing(501, { description: { EN: { headline: 'Casa Lucca', autoTranslated: false } } })
    ],
    quarantined: [],
    cursor: cursor(1),
    seenAt: 1,
    recordHistory: false
  })
  clock = T0
  shown = []
  logged = []
  pending = []
})
afterEach(async () => {
  await m.close()
  cleanup()
})

function notifier(on: Partial<Record<Notice['kind'], boolean>> = {}) {
  const settings = notifySettingsStore(dir)
  for (const [kind, enabled] of Object.entries(on)) settings.set(kind as Notice['kind'], enabled)
  return new Notifier({
    settings,
    notify: (n) => void shown.push(n),
    now: () => clock,
    profile: () => ({ id: 'demo', name: 'Demo' }),
    mirror: async () => m,
    log: (message) => void logged.push(message),
    timers
  })
}

function keepAwaitingPayment(id: string, expiresAt: number) {
  const b = makeBooking(id, { status: 'pendingPayment', paymentStatus: 'pending' })
  m.bookings.keep(
    { ...b, guest: { ...b.guest, ...GUEST } },
    { fetchedAt: T0 - HOUR, listingId: 501, expiresAt: new Date(expiresAt).toISOString() }
  )
}

function keepAwaitingDecision(id: string, paymentDate: string | null) {
  const b = makeBooking(id, { status: 'pendingConfirm', paymentStatus: 'pending' })
  const booking: BookingDetails = {
    ...b,
    guest: { ...b.guest, ...GUEST },
    payment: { ...b.payment, paymentDate }
  }
  m.bookings.keep(booking, { fetchedAt: T0 - HOUR, listingId: 501 })
}

describe('payment deadlines', () => {
  it('tells nothing while the kind is off (the default)', async () => {
    keepAwaitingPayment('SB-1', T0 + 30 * MIN)
    expect(await notifier().checkDeadlines()).toBe(0)
    expect(shown).toEqual([])
  })

  it('tells a deadline once it is within the hour, once only, and opens the booking', async () => {
    keepAwaitingPayment('SB-1', T0 + 2 * HOUR)
    const n = notifier({ 'payment-deadline': true })
    expect(await n.checkDeadlines()).toBe(0)

    clock = T0 + HOUR + MIN // 59 minutes left
    expect(await n.checkDeadlines()).toBe(1)
    expect(shown).toEqual([
      {
        kind: 'payment-deadline',
        title: 'Payment deadline within the hour · Demo',
        body: 'Booking SB-1 (Casa Lucca (501)) is not paid: its payment period ends at 10:00 UTC on Fri, Apr 10, 2026.',
        open: { screen: 'bookings', bookingId: 'SB-1' }
      }
    ])

    clock += 10 * MIN
    expect(await n.checkDeadlines()).toBe(0)
    expect(shown).toHaveLength(1)
  })

  it('tells the same booking again for a new deadline', async () => {
    keepAwaitingPayment('SB-1', T0 + 30 * MIN)
    const n = notifier({ 'payment-deadline': true })
    expect(await n.checkDeadlines()).toBe(1)
    keepAwaitingPayment('SB-1', T0 + 50 * MIN)
    expect(await n.checkDeadlines()).toBe(1)
    expect(shown).toHaveLength(2)
  })

  it('tells nothing of a deadline already passed, or of a booking paid since', async () => {
    keepAwaitingPayment('SB-1', T0 - MIN)
    keepAwaitingPayment('SB-2', T0 + 30 * MIN)
    m.bookings.keep(makeBooking('SB-2', { status: 'confirmed' }), { fetchedAt: T0, listingId: 501 })
    expect(await notifier({ 'payment-deadline': true }).checkDeadlines()).toBe(0)
  })

  it('looks again on its timer: a deadline entering the hour is told at the next minute', async () => {
    keepAwaitingPayment('SB-1', T0 + HOUR + 30 * MIN)
    const n = notifier({ 'payment-deadline': true })
    n.start()
    await settle()
    expect(shown).toEqual([])
    expect(pending).toHaveLength(1)

    clock = T0 + 31 * MIN
    pending.shift()!()
    await settle()
    expect(shown.map((s) => s.open)).toEqual([{ screen: 'bookings', bookingId: 'SB-1' }])
    n.close()
    expect(pending).toEqual([])
  })
})

describe('across restarts', () => {
  function restartable() {
    const settings = notifySettingsStore(dir)
    settings.set('payment-deadline', true)
    return new Notifier({
      settings,
      notify: (n) => void shown.push(n),
      now: () => clock,
      profile: () => ({ id: 'demo', name: 'Demo' }),
      mirror: async () => m,
      log: (message) => void logged.push(message),
      toldDeadlines: toldStore(dir, (message) => void logged.push(message)),
      timers
    })
  }

  it('does not tell a deadline again after the app restarts, and forgets it once long past', async () => {
    keepAwaitingPayment('SB-1', T0 + 30 * MIN)
    expect(await restartable().checkDeadlines()).toBe(1)
    clock += 5 * MIN
    expect(await restartable().checkDeadlines()).toBe(0)
    expect(shown).toHaveLength(1)

    const file = readFileSync(join(dir, NOTIFY_TOLD_FILE), 'utf8')
    expect(file).toContain('SB-1')
    for (const v of Object.values(GUEST)) expect(file).not.toContain(v)

    // A new deadline of the same booking is a new notice; the old one is forgotten 2 h on.
    clock = T0 + 2 * HOUR
    keepAwaitingPayment('SB-1', T0 + 2 * HOUR + 40 * MIN)
    expect(await restartable().checkDeadlines()).toBe(1)
    expect(Object.keys(JSON.parse(readFileSync(join(dir, NOTIFY_TOLD_FILE), 'utf8')))).toEqual([
      `demo|payment-deadline|SB-1|${T0 + 2 * HOUR + 40 * MIN}`
    ])
  })

  it('takes an unreadable memory for none: the deadline is told (never lost) and the file mended', async () => {
    writeFileSync(join(dir, NOTIFY_TOLD_FILE), '{"demo|payment-deadline|SB-1": "soon"')
    keepAwaitingPayment('SB-1', T0 + 30 * MIN)
    expect(await restartable().checkDeadlines()).toBe(1)
    expect(await restartable().checkDeadlines()).toBe(0)
    expect(logged).toEqual([])
  })
})

describe('on-request decisions', () => {
  it('tells a decision due 24 hours after the booking was paid for, within the hour', async () => {
    keepAwaitingDecision('SB-7', '2026-04-09 08:40:00')
    keepAwaitingDecision('SB-8', null) // nothing tells when it was made
    const n = notifier({ 'on-request-decision': true })
    expect(await n.checkDeadlines()).toBe(1)
    expect(shown[0]).toEqual({
      kind: 'on-request-decision',
      title: 'Decision due within the hour · Demo',
      body: "Booking SB-7 (Casa Lucca (501)) awaits the property manager's decision, due by 08:40 UTC on Fri, Apr 10, 2026.",
      open: { screen: 'bookings', bookingId: 'SB-7' }
    })
  })

  it('tells the decision of a booking made from this desk by when the service answered it', async () => {
    keepAwaitingDecision('SB-8', null)
    const settings = notifySettingsStore(dir)
    settings.set('on-request-decision', true)
    const n = new Notifier({
      settings,
      notify: (x) => void shown.push(x),
      now: () => clock,
      profile: () => ({ id: 'demo', name: 'Demo' }),
      mirror: async () => m,
      log: (message) => void logged.push(message),
      madeHere: (id) => (id === 'SB-8' ? T0 - 23 * HOUR - 20 * MIN : null),
      timers
    })
    expect(await n.checkDeadlines()).toBe(1)
    expect(shown[0].body).toContain('due by 08:40 UTC')
  })

  it('is a kind of its own: payment deadlines on do not tell decisions', async () => {
    keepAwaitingDecision('SB-7', '2026-04-09 08:40:00')
    expect(await notifier({ 'payment-deadline': true }).checkDeadlines()).toBe(0)
  })
})

function alert(id: number, over: Partial<Alert> = {}): Alert {
  return {
    id,
    kind: 'double-booking',
    status: 'new',
    listingId: 501,
    listingName: 'Casa Lucca',
    bookingId: 'SB-9',
    nights: ['2026-08-14'],
    oldValue: null,
    newValue: null,
    limit: null,
    change: null,
    reason: 'SB-9: Sat, Aug 14, 2026 is bookable again',
    firstSeen: T0,
    lastSeen: T0,
    ...over
  }
}

describe("the watch's new alerts", () => {
  it('tells a double-booking warning and opens the alert; a guardrail hit only when its kind is on', () => {
    const n = notifier({ 'double-booking': true })
    const told = n.alertsFound(
      [
        alert(1),
        alert(2, {
          kind: 'price-drop',
          bookingId: null,
          oldValue: 10000,
          newValue: 5000,
          limit: 30
        })
      ],
      'demo'
    )
    expect(told).toBe(1)
    expect(shown).toEqual([
      {
        kind: 'double-booking',
        title: 'Double-booking warning · Demo',
        body: expect.stringContaining('SB-9'),
        open: { screen: 'alerts', alertId: 1 }
      }
    ])
    expect(shown[0].body).toContain('Casa Lucca (501)')
  })

  it('says many hits of one run in one notification', () => {
    const n = notifier({ guardrail: true })
    const hits = [1, 2, 3, 4, 5].map((id) =>
      alert(id, { kind: 'no-rate', bookingId: null, listingId: 500 + id })
    )
    expect(n.alertsFound(hits, 'demo')).toBe(1)
    expect(shown[0]).toMatchObject({
      title: '5 guardrail hits · Demo',
      body: 'Listings 501, 502, 503 and 2 more: open the Alerts screen to read them.',
      open: { screen: 'alerts', alertId: 1 }
    })
  })

  it("tells an alert once, and not another profile's", () => {
    const n = notifier({ 'double-booking': true })
    expect(n.alertsFound([alert(1)], 'demo')).toBe(1)
    expect(n.alertsFound([alert(1)], 'demo')).toBe(0)
    expect(n.alertsFound([alert(2)], 'production-1')).toBe(0)
    expect(n.alertsFound([alert(3, { status: 'dismissed' })], 'demo')).toBe(0)
  })
})

describe('privacy on a locked screen', () => {
  it("no notification's title or body holds the guest's name, e-mail or phone", async () => {
    keepAwaitingPayment('SB-1', T0 + 30 * MIN)
    keepAwaitingDecision('SB-7', '2026-04-09 08:40:00')
    const n = notifier({
      'payment-deadline': true,
      'on-request-decision': true,
      'double-booking': true
    })
    await n.checkDeadlines()
    n.alertsFound([alert(1, { bookingId: 'SB-1' })], 'demo')
    expect(shown).toHaveLength(3)
    const words = shown.map((s) => `${s.title}\n${s.body}`).join('\n')
    for (const personal of [...Object.values(GUEST), 'Zoë', 'Brandstätter', 'Anna', 'Berg']) {
      expect(words).not.toContain(personal)
    }
  })
})

/** Lets the notifier's awaited reads finish (no clock involved). */
async function settle() {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r))
}
