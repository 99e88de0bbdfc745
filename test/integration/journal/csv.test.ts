import { parse } from 'csv-parse/sync'
import { afterEach, describe, expect, it } from 'vitest'
import { openJournal } from '../../../src-main/journal'
import { PRODUCTION, at, cancelRecord, tempJournal, testClock } from './fixtures'

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))

async function journal() {
  const t = tempJournal()
  const clock = testClock(at('2026-03-01', 3_723_004))
  const j = await openJournal(t.file, { now: clock.now })
  cleanups.push(() => {
    j.close()
    t.cleanup()
  })
  return { j, clock }
}

const HEADER = [
  'Sent at',
  'Answered at',
  'Profile',
  'Profile kind',
  'Action',
  'Outcome',
  'Booking id',
  'Own reference',
  'Listing id',
  'Message',
  'Sent (JSON)',
  'Received (JSON)',
  'Settled at',
  'Settled as',
  'Settled by',
  'Settlement note'
]

describe('csv', () => {
  it('writes a header row, then one row per write, newest first, times in ISO 8601 UTC', async () => {
    const { j, clock } = await journal()
    const id = j.sent(cancelRecord('BK-1', { listingId: 12, ownReference: 'SD-1' }))
    clock.set(at('2026-03-01', 3_724_000))
    j.answered(id, { outcome: 'done', message: 'Cancelled.', received: { status: 'cancelled' } })
    clock.set(at('2026-03-02'))
    j.sent({ action: 'pay', profile: PRODUCTION, bookingId: 'BK-2', sent: { bookingId: 'BK-2' } })

    const { text, rows } = j.csv({})
    expect(rows).toBe(2)
    expect(parse(text)).toEqual([
      HEADER,
      [
        '2026-03-02T00:00:00.000Z',
        '',
        'Adriatic Homes',
        'production',
        'pay',
        'pending',
        'BK-2',
        '',
        '',
        '',
        '{"bookingId":"BK-2"}',
        '',
        '',
        '',
        '',
        ''
      ],
      [
        '2026-03-01T01:02:03.004Z',
        '2026-03-01T01:02:04.000Z',
        'Demo',
        'demo',
        'cancel',
        'done',
        'BK-1',
        'SD-1',
        '12',
        'Cancelled.',
        JSON.stringify(cancelRecord('BK-1').sent),
        '{"status":"cancelled"}',
        '',
        '',
        '',
        ''
      ]
    ])
  })

  it('round-trips commas, quotes and newlines in a message and in the JSON through csv-parse', async () => {
    const { j } = await journal()
    const awkward = 'Refused, because "the guest" said:\nno,\r\nnot "now"'
    const id = j.sent(cancelRecord('BK-1', { sent: { reason: awkward, list: ['a,b', '"c"'] } }))
    j.answered(id, { outcome: 'refused', message: awkward, received: { error: awkward } })
    const [header, row] = parse(j.csv({}).text) as string[][]
    const cell = (name: string) => row[header.indexOf(name)]
    expect(cell('Message')).toBe(awkward)
    expect(JSON.parse(cell('Sent (JSON)'))).toEqual({ reason: awkward, list: ['a,b', '"c"'] })
    expect(JSON.parse(cell('Received (JSON)'))).toEqual({ error: awkward })
  })

  it('keeps a spreadsheet from running a message as a formula', async () => {
    const { j } = await journal()
    const id = j.sent(cancelRecord('BK-1'))
    j.answered(id, { outcome: 'refused', message: '=HYPERLINK("http://evil.test","Click")' })
    const [header, row] = parse(j.csv({}).text) as string[][]
    expect(row[header.indexOf('Message')]).toBe(`'=HYPERLINK("http://evil.test","Click")`)
  })

  it('exports every matching write, whatever the page of the list', async () => {
    const { j } = await journal()
    for (let i = 0; i < 5; i++) j.sent(cancelRecord(`BK-${i}`))
    j.sent({ ...cancelRecord('BK-9'), action: 'pay' })
    expect(j.csv({ limit: 2, offset: 1 }).rows).toBe(6)
    const paid = j.csv({ action: 'pay', limit: 1 })
    expect(paid.rows).toBe(1)
    expect((parse(paid.text) as string[][]).map((r) => r[6])).toEqual(['Booking id', 'BK-9'])
    expect(j.csv({ booking: 'nothing' })).toEqual({ text: `${HEADER.join(',')}\n`, rows: 0 })
  })
})
