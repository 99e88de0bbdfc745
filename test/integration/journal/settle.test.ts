import { afterEach, describe, expect, it } from 'vitest'
import { openJournal, type Journal } from '../../../src-main/journal'
import { at, cancelRecord, DEMO, tempJournal, testClock } from './fixtures'

/**
 * Issue 20: a write whose outcome is unknown is settled by the agent, by hand, with a note: the
 * journal records what they found, who and when, beside the unknown outcome (never over it).
 */

let journal: Journal | undefined
let cleanup: (() => void) | undefined
afterEach(() => {
  journal?.close()
  cleanup?.()
  journal = undefined
})

async function open() {
  const t = tempJournal()
  cleanup = t.cleanup
  const clock = testClock(at('2026-03-01', 14 * 3_600_000))
  journal = await openJournal(t.file, { now: clock.now })
  return { journal, clock, file: t.file }
}

const WHO = { profile: DEMO, by: 'ada' }

describe('settling a write by hand', () => {
  it('records the result, the note, who and when beside the unknown outcome, and lists it', async () => {
    const { journal, clock } = await open()
    const id = journal.sent(cancelRecord('SB1'))
    journal.answered(id, { outcome: 'unknown', message: 'The connection was lost' })
    clock.set(at('2026-03-01', 15 * 3_600_000))
    const entry = journal.settle(
      { id, result: 'done', note: 'Read it again at 15:00: cancelled by guest' },
      WHO
    )
    expect(entry).toMatchObject({
      id,
      outcome: 'unknown',
      settlement: {
        at: at('2026-03-01', 15 * 3_600_000),
        result: 'done',
        note: 'Read it again at 15:00: cancelled by guest',
        profileName: 'Demo',
        by: 'ada'
      }
    })
    expect(journal.list({ booking: 'sb1' }).items[0].settlement?.by).toBe('ada')
    const csv = journal.csv({}).text
    expect(csv).toContain('Settled by')
    expect(csv).toContain('ada (profile Demo)')
    expect(csv).toContain('Read it again at 15:00: cancelled by guest')
  })

  it('settles a write that was never answered (StayDesk stopped), but not one whose outcome is known', async () => {
    const { journal } = await open()
    const pending = journal.sent(cancelRecord('SB2'))
    expect(
      journal.settle({ id: pending, result: 'not-done', note: 'Still confirmed' }, WHO)
    ).toMatchObject({ outcome: 'pending', settlement: { result: 'not-done' } })
    const done = journal.sent(cancelRecord('SB3'))
    journal.answered(done, { outcome: 'done' })
    expect(() => journal.settle({ id: done, result: 'done', note: 'x' }, WHO)).toThrow(
      /outcome is known \(done\)/
    )
  })

  it('keeps the first settlement: a second one, or one for a write it does not hold, is refused', async () => {
    const { journal } = await open()
    const id = journal.sent(cancelRecord('SB4'))
    journal.answered(id, { outcome: 'unknown' })
    journal.settle({ id, result: 'done', note: 'Cancelled' }, WHO)
    expect(() => journal.settle({ id, result: 'not-done', note: 'Changed my mind' }, WHO)).toThrow(
      /already settled by hand by ada/
    )
    expect(() => journal.settle({ id: 'nope', result: 'done', note: 'x' }, WHO)).toThrow(
      /no write with this id/
    )
    expect(journal.list({}).items[0].settlement?.note).toBe('Cancelled')
  })

  it('refuses a note without words or with a card number in it, on the note', async () => {
    const { journal } = await open()
    const id = journal.sent(cancelRecord('SB5'))
    journal.answered(id, { outcome: 'unknown' })
    expect(() => journal.settle({ id, result: 'done', note: '  ' }, WHO)).toThrow(/required/)
    expect(() =>
      journal.settle({ id, result: 'done', note: 'Guest paid with 4242 4242 4242 4242' }, WHO)
    ).toThrow(/card number/)
    expect(journal.list({}).items[0].settlement).toBeNull()
  })

  it('a settlement survives closing and opening the file again', async () => {
    const { journal: first, file } = await open()
    const id = first.sent(cancelRecord('SB6'))
    first.answered(id, { outcome: 'unknown' })
    first.settle({ id, result: 'not-done', note: 'Booking still confirmed' }, WHO)
    first.close()
    journal = await openJournal(file)
    expect(journal.list({}).items[0].settlement).toMatchObject({
      result: 'not-done',
      note: 'Booking still confirmed'
    })
  })
})
