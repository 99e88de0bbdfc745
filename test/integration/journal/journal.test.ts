import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../src-main/errors'
import { openJournal, type Journal } from '../../../src-main/journal'
import { PRODUCTION, DEMO, at, cancelRecord, tempJournal, testClock } from './fixtures'

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))

async function journal(clock = testClock()) {
  const t = tempJournal()
  const j = await openJournal(t.file, { now: clock.now })
  cleanups.push(() => {
    j.close()
    t.cleanup()
  })
  return j
}

function thrown(run: () => unknown): AppError {
  try {
    run()
  } catch (err) {
    expect(err).toBeInstanceOf(AppError)
    return err as AppError
  }
  throw new Error('expected an AppError')
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('recording writes', () => {
  it('shows a sent write as pending, then with its answer, under one UUID', async () => {
    const clock = testClock(at('2026-03-01', 1000))
    const j = await journal(clock)
    const id = j.sent(
      cancelRecord('BK-1', { listingId: 42, ownReference: 'SD-7', profile: PRODUCTION })
    )
    expect(id).toMatch(UUID)
    expect(j.list({})).toEqual({
      total: 1,
      items: [
        {
          id,
          action: 'cancel',
          profileId: 'prod-1',
          profileName: 'Adriatic Homes',
          profileKind: 'production',
          bookingId: 'BK-1',
          listingId: 42,
          ownReference: 'SD-7',
          sentAt: at('2026-03-01', 1000),
          answeredAt: null,
          outcome: 'pending',
          message: null,
          sent: {
            bookingId: 'BK-1',
            reason: 'Guest asked',
            message: 'Sorry to see you go',
            by: 'guest'
          },
          received: null,
          settlement: null
        }
      ]
    })
    clock.set(at('2026-03-01', 2500))
    j.answered(id, {
      outcome: 'refused',
      message: 'The booking is already cancelled.',
      received: { error: 'already cancelled' }
    })
    expect(j.list({}).items[0]).toMatchObject({
      id,
      answeredAt: at('2026-03-01', 2500),
      outcome: 'refused',
      message: 'The booking is already cancelled.',
      received: { error: 'already cancelled' }
    })
  })

  it('gives every write its own id', async () => {
    const j = await journal()
    const ids = new Set(Array.from({ length: 20 }, () => j.sent(cancelRecord('BK-1'))))
    expect(ids.size).toBe(20)
    expect(j.list({}).total).toBe(20)
  })

  it('shows the booking id a create learnt from its answer, and finds the write by it', async () => {
    const j = await journal()
    const id = j.sent({
      action: 'create',
      profile: DEMO,
      listingId: 7,
      ownReference: 'SD-2026-0001',
      sent: { listingId: 7, ownReference: 'SD-2026-0001' }
    })
    expect(j.list({}).items[0].bookingId).toBeNull()
    j.answered(id, { outcome: 'done', bookingId: 'BK-NEW', received: { bookingId: 'BK-NEW' } })
    expect(j.list({}).items[0]).toMatchObject({ bookingId: 'BK-NEW', ownReference: 'SD-2026-0001' })
    expect(j.list({ booking: 'bk-new' }).items.map((e) => e.id)).toEqual([id])
    expect(j.list({ booking: 'sd-2026-0001' }).items.map((e) => e.id)).toEqual([id])
  })

  it('refuses an answer for an unknown write, and a second answer, keeping the first', async () => {
    const j = await journal()
    const unknown = thrown(() => j.answered('no-such-id', { outcome: 'done' }))
    expect(unknown.code).toBe('internal')
    expect(unknown.message).toBe(
      'The audit journal has no write with this id, so its answer was not recorded.'
    )
    const id = j.sent(cancelRecord('BK-1'))
    j.answered(id, { outcome: 'done', message: null })
    const second = thrown(() => j.answered(id, { outcome: 'refused', message: 'No.' }))
    expect(second.code).toBe('internal')
    expect(second.message).toBe(
      'The answer of this write is already in the audit journal; a second one was not recorded.'
    )
    expect(j.list({}).items[0]).toMatchObject({ outcome: 'done', message: null })
    expect(j.list({}).total).toBe(1)
  })

  it('refuses to record "pending" as an answer', async () => {
    const j = await journal()
    const id = j.sent(cancelRecord('BK-1'))
    // @ts-expect-error -- pending is what an unanswered write shows, never an answer
    expect(thrown(() => j.answered(id, { outcome: 'pending' })).code).toBe('internal')
    expect(j.list({}).items[0].outcome).toBe('pending')
  })

  it('reports a write it could not record as a database sentence, so the caller does not send', async () => {
    const t = tempJournal()
    cleanups.push(t.cleanup)
    const j = await openJournal(t.file)
    j.close()
    const err = thrown(() => j.sent(cancelRecord('BK-1')))
    expect(err.code).toBe('database')
    expect(err.message).toBe(
      `The audit journal ${t.file} could not record this write, so it was not sent.`
    )
  })
})

describe('list filters', () => {
  /** Six writes over three days, two profiles, every outcome. */
  async function seeded() {
    const clock = testClock()
    const j = await journal(clock)
    const write = (
      time: number,
      record: Parameters<Journal['sent']>[0],
      answer?: Parameters<Journal['answered']>[1]
    ) => {
      clock.set(time)
      const id = j.sent(record)
      clock.set(time + 500)
      if (answer) j.answered(id, answer)
      return id
    }
    const ids = {
      a: write(at('2026-03-01'), cancelRecord('BK-A'), { outcome: 'done' }),
      b: write(at('2026-03-01', 86_399_999), cancelRecord('BK-B'), {
        outcome: 'refused',
        message: 'No.'
      }),
      c: write(
        at('2026-03-02', 3_600_000),
        {
          action: 'create',
          profile: PRODUCTION,
          listingId: 3,
          ownReference: 'Ref-C',
          sent: { listingId: 3 }
        },
        { outcome: 'unknown', message: 'No answer came.' }
      ),
      d: write(
        at('2026-03-02', 7_200_000),
        { ...cancelRecord('BK-D'), action: 'pay' },
        {
          outcome: 'not-sent',
          message: 'The service could not be reached.'
        }
      ),
      e: write(at('2026-03-03'), { ...cancelRecord('BK-A'), profile: PRODUCTION }),
      f: write(at('2026-03-03'), { ...cancelRecord('BK-F'), action: 'references' })
    }
    return { j, ids }
  }
  const idsOf = (r: { items: { id: string }[] }) => r.items.map((e) => e.id)

  it('lists newest first, same-time writes in reverse order of recording', async () => {
    const { j, ids } = await seeded()
    expect(idsOf(j.list({}))).toEqual([ids.f, ids.e, ids.d, ids.c, ids.b, ids.a])
  })

  it('filters by action and by outcome, pending included', async () => {
    const { j, ids } = await seeded()
    expect(idsOf(j.list({ action: 'cancel' }))).toEqual([ids.e, ids.b, ids.a])
    expect(idsOf(j.list({ action: 'pay' }))).toEqual([ids.d])
    expect(idsOf(j.list({ outcome: 'pending' }))).toEqual([ids.f, ids.e])
    expect(idsOf(j.list({ outcome: 'done' }))).toEqual([ids.a])
    expect(idsOf(j.list({ outcome: 'refused' }))).toEqual([ids.b])
    expect(idsOf(j.list({ outcome: 'unknown' }))).toEqual([ids.c])
    expect(idsOf(j.list({ outcome: 'not-sent' }))).toEqual([ids.d])
    expect(j.list({ outcome: 'pending', action: 'cancel' }).total).toBe(1)
  })

  it('filters by booking id or own reference: exact, any case, never a part of one', async () => {
    const { j, ids } = await seeded()
    expect(idsOf(j.list({ booking: 'BK-A' }))).toEqual([ids.e, ids.a])
    expect(idsOf(j.list({ booking: 'bk-a' }))).toEqual([ids.e, ids.a])
    expect(idsOf(j.list({ booking: ' ref-c ' }))).toEqual([ids.c])
    expect(j.list({ booking: 'BK' })).toEqual({ total: 0, items: [] })
    expect(j.list({ booking: 'BK-A%' }).total).toBe(0)
  })

  it('filters by days in UTC, both ends included', async () => {
    const { j, ids } = await seeded()
    expect(idsOf(j.list({ from: '2026-03-01', to: '2026-03-01' }))).toEqual([ids.b, ids.a])
    expect(idsOf(j.list({ from: '2026-03-02' }))).toEqual([ids.f, ids.e, ids.d, ids.c])
    expect(idsOf(j.list({ to: '2026-03-02' }))).toEqual([ids.d, ids.c, ids.b, ids.a])
    expect(j.list({ from: '2026-03-04' }).total).toBe(0)
    expect(j.list({ from: '2026-03-03', to: '2026-03-01' }).total).toBe(0)
  })

  it('filters by profile', async () => {
    const { j, ids } = await seeded()
    expect(idsOf(j.list({ profileId: 'prod-1' }))).toEqual([ids.e, ids.c])
    expect(j.list({ profileId: 'demo-1' }).total).toBe(4)
    expect(j.list({ profileId: 'nobody' }).total).toBe(0)
  })

  it('pages with limit and offset, the total counting every match', async () => {
    const { j, ids } = await seeded()
    expect(j.list({ limit: 2 })).toMatchObject({ total: 6 })
    expect(idsOf(j.list({ limit: 2 }))).toEqual([ids.f, ids.e])
    expect(idsOf(j.list({ limit: 2, offset: 2 }))).toEqual([ids.d, ids.c])
    expect(j.list({ limit: 2, offset: 6 })).toEqual({ total: 6, items: [] })
    expect(j.list({ action: 'cancel', limit: 1 })).toMatchObject({ total: 3 })
  })

  it('shows 200 writes when no limit is given', async () => {
    const j = await journal()
    for (let i = 0; i < 201; i++) j.sent(cancelRecord(`BK-${i}`))
    const page = j.list({})
    expect(page.total).toBe(201)
    expect(page.items).toHaveLength(200)
  })

  it('refuses a filter that is not valid as a bad-input sentence', async () => {
    const j = await journal()
    const err = thrown(() => j.list({ from: '1 March' }))
    expect(err.code).toBe('bad-input')
    expect(err.field).toBe('from')
    expect(thrown(() => j.list({ limit: 0 })).code).toBe('bad-input')
  })
})
