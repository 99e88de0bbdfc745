import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, utcDateOf } from '@shared/domain/dates'
import type { CancelOutcome } from '@shared/ipc/bookings.schema'
import type { QuoteAnswer } from '@shared/ipc/quotes.schema'
import { createApp, type StayDeskApp } from '../../../src-main/features/create-app'
import { inProcessSyncExecutor } from '../../../src-main/sync/in-process-executor'
import { dispatchCommand } from '../../../src-main/ipc/register'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { eventRecorder, fakeOsCipher, tempDataDir } from './app-fixtures'

/**
 * Issue 20, "Offline, said at once": any call to the active profile's service that gets no
 * answer marks the app offline there and then (not only a failed sync), and the next call that
 * gets one clears it. Real app core, real sandbox over loopback; the service is made
 * unreachable with its own faults (connections dropped before any answer) or by closing it.
 */
describe('connectivity: every call to the service says whether it can be reached', () => {
  let demo: SandboxHandle
  let app: StayDeskApp
  const data = tempDataDir()
  const rec = eventRecorder()

  const call = (name: Parameters<typeof dispatchCommand>[1], input: unknown) =>
    dispatchCommand(app.handlers, name, input)
  const offline = async (): Promise<boolean> => {
    const r = await call('sync:status', {})
    if (!r.ok) throw new Error(r.error.message)
    return (r.value as { offline: boolean }).offline
  }
  const changes = () => rec.of('connectivity:changed')
  /** The live side's state of a quote for a stay of the first listing. */
  const quote = async (): Promise<string> => {
    const from = addDays(utcDateOf(demo.store.now()), 40)
    const answer = await call('quotes:ask', {
      listingId: demo.store.listingIds()[0],
      from,
      to: addDays(from, 4),
      adults: 2
    })
    if (!answer.ok) throw new Error(answer.error.message)
    return (answer.value as QuoteAnswer).live.state
  }

  beforeAll(async () => {
    demo = await startSandbox({ listings: 20, seed: 1, log: () => undefined })
    app = await createApp({
      dataDir: data.dir,
      cipher: fakeOsCipher(),
      demoBaseUrl: () => demo.url,
      version: '9.9.9',
      emit: rec.emit,
      syncExecutor: inProcessSyncExecutor,
      periodicSyncMs: 0,
      log: () => undefined
    })
    await app.firstSync
  })

  afterAll(async () => {
    await app?.close()
    await demo?.close()
    data.remove()
  })

  it('starts online after a sync that reached the service, and says nothing yet', async () => {
    expect(await offline()).toBe(false)
    expect(changes()).toEqual([])
  })

  it('a live quote that gets no answer marks the profile offline at once, without a sync', async () => {
    demo.setFaults({ drop: 1, paths: '^/v1/quote$' })
    expect(await quote()).toBe('unreachable')
    expect(await offline()).toBe(true)
    expect(changes()).toEqual([{ profileId: 'demo', offline: true }])
    // No sync ran: the state came from the quote itself.
    expect(rec.of('sync:finished')).toHaveLength(1)
  })

  it('a second unreachable call sends no second event', async () => {
    await quote()
    expect(changes()).toHaveLength(1)
  })

  it('the next call that gets an answer clears it', async () => {
    demo.setFaults(null)
    expect(await quote()).not.toBe('unreachable')
    expect(await offline()).toBe(false)
    expect(changes()).toEqual([
      { profileId: 'demo', offline: true },
      { profileId: 'demo', offline: false }
    ])
  })

  it('a refusal or a failure answered by the service is not offline', async () => {
    const missing = await call('bookings:open', { id: 'SB00000000' })
    expect(!missing.ok && missing.error.code).toBe('not-found')
    demo.setFaults({ error5xx: 1, paths: '^/v1/quote$' })
    const failing = await quote()
    demo.setFaults(null)
    expect(failing).toBe('unreachable')
    expect(await offline()).toBe(false)
    expect(changes()).toHaveLength(2)
  })

  it('a live check of a listing that gets no answer (reads retried) marks it offline', async () => {
    demo.setFaults({ drop: 1, paths: '^/v1/(listings|availability|rates)/' })
    const refreshed = await call('listings:refresh', { id: demo.store.listingIds()[0] })
    demo.setFaults(null)
    expect(!refreshed.ok && refreshed.error.code).toBe('offline')
    expect(await offline()).toBe(true)
    const again = await call('listings:refresh', { id: demo.store.listingIds()[0] })
    expect(again.ok).toBe(true)
    expect(await offline()).toBe(false)
  })

  it('a cancel whose answer is lost after sending marks it offline; its read-back clears it', async () => {
    const booking = demo.store.demoBookings().find((b) => b.status === 'confirmed')
    if (!booking) throw new Error('the demo has no confirmed booking')
    const before = changes().length
    demo.setFaults({ commitThenDrop: 1, paths: '/cancel$' })
    try {
      const cancelled = await call('bookings:cancel', {
        bookingId: booking.id,
        by: 'pm',
        reason: 'Double booking',
        message: 'We are sorry.'
      })
      expect(cancelled.ok && (cancelled.value as CancelOutcome).outcome).toBe('unknown')
    } finally {
      demo.setFaults(null)
    }
    // The cancel got no answer (offline), then the read after it got one (online again).
    expect(changes().slice(before)).toEqual([
      { profileId: 'demo', offline: true },
      { profileId: 'demo', offline: false }
    ])
  })

  it('a service that is gone: a booking read marks it offline', async () => {
    await call('bookings:open', { id: 'SB00000000' })
    expect(await offline()).toBe(false)
    await demo.close()
    const read = await call('bookings:open', { id: 'SB00000000' })
    expect(!read.ok && read.error.code).toBe('offline')
    expect(await offline()).toBe(true)
  })
})
