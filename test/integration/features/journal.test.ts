import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'csv-parse/sync'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { openDesk, type Desk } from '../main/desk-fixture'

const LIVE_TOKEN = 'live-token-for-production-tests'

/**
 * Writes on a production profile need the confirmation the agent typed, checked in main (a
 * click alone never changes live data); and the journal is exported as CSV to a chosen file.
 */
describe('the journal: a production profile and the journal', () => {
  let desk: Desk
  let live: SandboxHandle
  const saved: { name: string; contents: string }[] = []

  beforeAll(async () => {
    desk = await openDesk({
      deps: {
        files: {
          save: async ({ suggestedName, contents }) => {
            saved.push({ name: suggestedName, contents: String(contents) })
            return `/chosen/${suggestedName}`
          },
          printToPdf: async () => new Uint8Array()
        }
      }
    })
    live = await startSandbox({
      listings: 30,
      seed: 8,
      log: () => undefined,
      callers: [{ token: LIVE_TOKEN, channel: 'LIVE', merchantOfRecord: 'service' }]
    })
    const profile = await desk.value('profiles:create', {
      profile: { name: 'Live', kind: 'production', baseUrl: live.url, salesChannel: 'LIVE' },
      token: LIVE_TOKEN
    })
    await desk.value('profiles:activate', { id: profile.id })
  })
  afterAll(async () => {
    await desk?.close()
    await live?.close()
  })

  it('refuses a cancel without the typed booking id, and sends nothing', async () => {
    const booking = live.store.demoBookings().find((b) => b.status === 'confirmed')!
    const cancel = (confirmation?: string) =>
      desk.call('bookings:cancel', {
        bookingId: booking.id,
        by: 'pm',
        reason: 'Owner needs it',
        message: 'Sorry',
        ...(confirmation === undefined ? {} : { confirmation })
      })
    for (const typed of [undefined, '', 'SB', `${booking.id}x`]) {
      expect(await cancel(typed)).toMatchObject({
        ok: false,
        error: { code: 'bad-input', field: 'confirmation' }
      })
    }
    expect(live.store.readBooking(booking.id, 'LIVE').status).toBe('confirmed')
    expect(await desk.value('journal:list', { booking: booking.id })).toMatchObject({ total: 0 })
    const done = await cancel(` ${booking.id} `)
    expect(done).toMatchObject({ ok: true, value: { outcome: 'done', status: 'cancelledByPm' } })
  })

  it('refuses a payment without the typed booking id, and charges nothing', async () => {
    const booking = live.store
      .demoBookings()
      .find((b) => b.status === 'pendingPayment' && b.merchantOfRecord === 'service')!
    const card = { number: '4242 4242 4242 4242', cvc: '123', expiration: '12/30' }
    for (const typed of [undefined, '', `${booking.id}x`]) {
      const result = await desk.call('bookings:pay', {
        bookingId: booking.id,
        card,
        ...(typed === undefined ? {} : { confirmation: typed })
      })
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'bad-input', field: 'confirmation' }
      })
    }
    expect(live.store.readBooking(booking.id, 'LIVE').status).toBe('pendingPayment')
    expect(await desk.value('journal:list', { booking: booking.id })).toMatchObject({ total: 0 })
    const paid = await desk.value('bookings:pay', {
      bookingId: booking.id,
      card,
      confirmation: booking.id
    })
    expect(paid).toMatchObject({ outcome: 'done', paymentStatus: 'success' })
    expect(live.store.readBooking(booking.id, 'LIVE').status).not.toBe('pendingPayment')
  })

  it('records the write with its profile, and exports the journal as CSV', async () => {
    const list = await desk.value('journal:list', { action: 'cancel' })
    expect(list.items[0]).toMatchObject({ profileName: 'Live', profileKind: 'production' })
    const exported = await desk.value('journal:export', { action: 'cancel' })
    expect(exported.file).toMatch(/^\/chosen\/StayDesk journal .*\.csv$/)
    const rows = parse(saved.at(-1)!.contents, { columns: true, bom: true }) as Record<
      string,
      string
    >[]
    expect(rows).toHaveLength(exported.rows!)
    expect(rows.some((r) => Object.values(r).includes('Live'))).toBe(true)
    // Starts with a byte-order mark, so spreadsheets read accents as UTF-8.
    expect(saved.at(-1)!.contents.startsWith('\uFEFF')).toBe(true)
  })

  it('keeps the journal through a full resync and the deletion of the profile', async () => {
    const before = await desk.value('journal:list', {})
    expect(before.total).toBeGreaterThan(0)
    const resync = await desk.value('sync:run', { full: true })
    expect(resync.errors).toEqual([])
    expect(await desk.value('journal:list', {})).toEqual(before)

    const profile = (await desk.value('profiles:list', {})).profiles.find((p) => p.name === 'Live')!
    await desk.value('profiles:activate', { id: 'demo' })
    await desk.value('profiles:delete', { id: profile.id })
    expect((await desk.value('profiles:list', {})).profiles.map((p) => p.name)).not.toContain(
      'Live'
    )
    // The audit trail outlives the profile and its offline copy: every write is still there.
    const after = await desk.value('journal:list', {})
    expect(after.items.map((e) => e.id)).toEqual(before.items.map((e) => e.id))
    expect(after.items.every((e) => e.profileName === 'Live')).toBe(true)
  })
})
