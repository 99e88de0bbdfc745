import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { DEFAULT_GUARDRAILS, type Alert } from '@shared/watch/alert.schema'
import { createApp, type StayDeskApp } from '../../../src-main/features/create-app'
import { dispatchCommand } from '../../../src-main/ipc/register'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { inProcessSyncExecutor } from '../../../src-main/sync/in-process-executor'
import { eventRecorder, fakeOsCipher, tempDataDir } from '../main/app-fixtures'

/**
 * The watch as the app runs it: a pass after every sync of the active profile (the Demo on a
 * first start), 'watch:changed' when it finds something, and the commands the Alerts screen
 * calls, through the real schemas. The demo's own kept bookings raise no warning; one cancelled
 * behind the desk's back does, after the next delta.
 */
describe('the watch in the app', () => {
  let sandbox: SandboxHandle
  let app: StayDeskApp
  const data = tempDataDir()
  const rec = eventRecorder()
  const today = utcDateOf(Date.now())

  const value = async <T>(name: Parameters<typeof dispatchCommand>[1], input: unknown) => {
    const result = await dispatchCommand(app.handlers, name, input)
    if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`)
    return result.value as T
  }
  type Listed = {
    items: Alert[]
    total: number
    counts: Record<string, number>
    lastRunAt: number | null
  }
  const alerts = (input: object = {}) => value<Listed>('watch:alerts', input)

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 60, seed: 4, log: () => undefined })
    app = await createApp({
      dataDir: data.dir,
      cipher: fakeOsCipher(),
      demoBaseUrl: () => sandbox.url,
      version: '9.9.9',
      emit: rec.emit,
      syncExecutor: inProcessSyncExecutor,
      periodicSyncMs: 0,
      log: () => undefined,
      demoBookings: () => sandbox.store.demoBookings()
    })
    expect((await app.firstSync)?.errors).toEqual([])
    await app.demoBookingsKept
  })
  afterAll(async () => {
    await app?.close()
    await sandbox?.close()
    data.remove()
  })

  it('runs after the first sync, and the demo bookings the desk keeps hold their nights', async () => {
    const first = await alerts()
    expect(first.lastRunAt).not.toBeNull()
    await value('sync:run', {})
    const after = await alerts({ kind: 'double-booking' })
    expect(after.total).toBe(0)
    expect(after.lastRunAt).toBeGreaterThanOrEqual(first.lastRunAt!)
  })

  it('a kept booking cancelled behind the desk is a warning after the next delta, told to the window', async () => {
    const held = sandbox.store
      .demoBookings()
      .find((b) => b.status === 'confirmed' && b.from > addDays(today, 1))!
    const caller = { token: 'demo-token', channel: 'DEMO', merchantOfRecord: 'service' as const }
    sandbox.store.cancel(caller, 'guest', { bookingId: held.id, reason: 'x', message: 'y' })
    const events = rec.of('watch:changed').length
    await value('sync:run', {})
    const found = await alerts({ kind: 'double-booking' })
    expect(found.items).toHaveLength(1)
    const [alert] = found.items
    const nights: string[] = []
    for (let d = held.from; d < held.to; d = addDays(d, 1)) nights.push(d)
    expect(alert).toMatchObject({ bookingId: held.id, listingId: held.listingId, nights })
    expect(alert.reason).toMatch(new RegExp(`^${held.id}: .* bookable again at `))
    expect(rec.of('watch:changed').slice(events)).toEqual([{ newCount: found.counts.new }])

    const set = await value<{ changed: number }>('watch:set-status', {
      ids: [alert.id],
      status: 'dismissed'
    })
    expect(set.changed).toBe(1)
    expect(rec.of('watch:changed').at(-1)).toEqual({ newCount: found.counts.new - 1 })
    await value('sync:run', {})
    expect((await alerts({ kind: 'double-booking' })).total).toBe(0)
    expect((await alerts({ status: 'dismissed', kind: 'double-booking' })).total).toBe(1)
  })

  it('rules are the defaults until set; a new floor is applied to every listing at once', async () => {
    expect(await value('watch:rules', {})).toEqual(DEFAULT_GUARDRAILS)
    const rules = { ...DEFAULT_GUARDRAILS, floorCents: 100_000_000 }
    expect(await value('watch:set-rules', rules)).toEqual({ saved: true })
    expect(await value('watch:rules', {})).toEqual(rules)
    const floors: Alert[] = []
    for (let total = 1; floors.length < total;) {
      const page = await alerts({ kind: 'price-floor', offset: floors.length, limit: 500 })
      floors.push(...page.items)
      total = page.total
    }
    // Every listing with a rate from today on is under a floor of a million euros, and each
    // alert is a run of priced nights: together they are exactly the priced nights.
    const priced = sandbox.store.listingIds().flatMap((id) =>
      Object.keys(sandbox.store.rates(id)!.rate)
        .filter((d) => d >= today)
        .map((d) => `${id} ${d}`)
    )
    const found = floors.flatMap((a) => a.nights.map((d) => `${a.listingId} ${d}`))
    expect(found.sort()).toEqual(priced.sort())
  })
})

/**
 * The demo as it starts with its situations (a booked night open again, nights typed under the
 * floor, a night without a rate) and then its incidents: each is an alert with the listing,
 * nights and values the sandbox's own report names, at once after the first start and after the
 * next delta.
 */
describe('the watch on the demo situations and incidents', () => {
  let sandbox: SandboxHandle
  let app: StayDeskApp
  const data = tempDataDir()
  const value = async <T>(name: Parameters<typeof dispatchCommand>[1], input: unknown) => {
    const result = await dispatchCommand(app.handlers, name, input)
    if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`)
    return result.value as T
  }
  const all = async (kind: Alert['kind']) =>
    (await value<{ items: Alert[] }>('watch:alerts', { kind, limit: 500 })).items
  const cents = (eur: number) => Math.round(eur * 100)

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 80, seed: 2, situations: true, log: () => undefined })
    app = await createApp({
      dataDir: data.dir,
      cipher: fakeOsCipher(),
      demoBaseUrl: () => sandbox.url,
      version: '9.9.9',
      emit: () => undefined,
      syncExecutor: inProcessSyncExecutor,
      periodicSyncMs: 0,
      log: () => undefined,
      demoBookings: () => sandbox.store.demoBookings()
    })
    await app.firstSync
    await app.demoBookingsKept
  })
  afterAll(async () => {
    await app?.close()
    await sandbox?.close()
    data.remove()
  })

  it('warns about the starting situations right after the first start, without another sync', async () => {
    const { reopened, mistyped, unpriced } = sandbox.situations
    expect(reopened && mistyped && unpriced).toBeTruthy()
    expect((await all('double-booking')).map((a) => [a.bookingId, a.listingId, a.nights])).toEqual([
      [reopened!.bookingId, reopened!.listingId, [reopened!.date]]
    ])
    const floors = (await all('price-floor')).filter((a) => a.listingId === mistyped!.listingId)
    expect(floors.map((a) => [a.nights, a.newValue])).toEqual([
      [
        mistyped!.nights.map((n) => n.date),
        Math.min(...mistyped!.nights.map((n) => cents(n.newEur!)))
      ]
    ])
    expect((await all('no-rate')).map((a) => [a.listingId, a.nights])).toEqual([
      [unpriced!.listingId, [unpriced!.date]]
    ])
  })

  it('the incidents are alerts after the next delta, with the old and new values reported', async () => {
    const report = sandbox.store.incidents()
    await value('sync:run', {})
    const reopened = (await all('double-booking')).find(
      (a) => a.bookingId === report.reopened!.bookingId
    )
    expect(reopened?.nights).toEqual([report.reopened!.date])
    expect(reopened?.change).toMatchObject({ new: { available: true } })

    const byNight = (alerts: Alert[]) =>
      alerts
        .flatMap((a) => a.nights.map((n) => [n, a.oldValue, a.newValue]))
        .sort((x, y) => String(x[0]).localeCompare(String(y[0])))
    const cut = report.priceCut!
    expect(byNight((await all('price-drop')).filter((a) => a.listingId === cut.listingId))).toEqual(
      cut.nights.map((n) => [n.date, cents(n.oldEur), cents(n.newEur!)])
    )
    const stay = report.minStay!
    const jumps = (await all('min-stay-jump')).filter((a) => a.listingId === stay.listingId)
    expect(byNight(jumps)).toEqual(
      stay.nights.filter((n) => n.old <= 14).map((n) => [n.date, n.old, n.new])
    )
  })
})
