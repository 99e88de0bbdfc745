import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openJournal, type Journal } from '../../../src-main/journal'
import { countQuery, writesQuery, type JournalQuery } from '../../../src-main/journal/query'
import { at, tempJournal } from './fixtures'

/**
 * 100,000 writes (one a minute from 2026-01-01, every tenth unanswered), put in by plain SQL in
 * one transaction: through the journal each would be its own fsync'd commit, which is right for
 * a person's writes and minutes of waiting for a test's. The filters must then use the indexes.
 */

const WRITES = 100_000
let t: ReturnType<typeof tempJournal>
let raw: Database.Database
let j: Journal

beforeAll(async () => {
  t = tempJournal()
  ;(await openJournal(t.file)).close()
  raw = new Database(t.file)
  raw.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${WRITES})
    INSERT INTO journal_records (write_id, record, at, profile_id, profile_name, profile_kind,
      profile_base_url, action, booking_id, own_reference, sent_json)
    SELECT 'w' || i, 'sent', ${at('2026-01-01')} + i * 60000, 'p' || (i % 3), 'P', 'demo',
      'http://x', 'cancel', 'BK' || i, 'REF-' || i, '{"reason":"Guest asked"}' FROM n`)
  raw.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${WRITES})
    INSERT INTO journal_records (write_id, record, at, outcome, message, received_json)
    SELECT 'w' || i, 'answered', ${at('2026-01-01')} + i * 60000 + 500, 'done', NULL, '{}'
    FROM n WHERE i % 10 <> 0`)
  j = await openJournal(t.file)
})
afterAll(() => {
  j?.close()
  raw?.close()
  t?.cleanup()
})

function plan(q: JournalQuery): string {
  const rows = raw.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...q.params) as { detail: string }[]
  return rows.map((r) => r.detail).join('\n')
}

/** Milliseconds of the fastest of three runs (the first warms the cache). */
function ms(run: () => unknown): number {
  let best = Infinity
  for (let i = 0; i < 3; i++) {
    const start = performance.now()
    run()
    best = Math.min(best, performance.now() - start)
  }
  return best
}

describe(`list on ${WRITES.toLocaleString('en')} writes`, () => {
  it('finds a booking through the booking id and own reference indexes, not a scan', () => {
    for (const q of [writesQuery({ booking: 'bk500' }), countQuery({ booking: 'bk500' })]) {
      const p = plan(q)
      expect(p).toContain('USING INDEX journal_booking_id (booking_id=?)')
      expect(p).toContain('USING INDEX journal_own_reference (own_reference=?)')
      expect(p).not.toMatch(/^SCAN /m)
    }
    expect(j.list({ booking: 'bk500' }).items.map((e) => e.bookingId)).toEqual(['BK500'])
    expect(j.list({ booking: 'ref-77777' }).total).toBe(1)
    expect(ms(() => j.list({ booking: 'BK500' }))).toBeLessThan(250)
  })

  it('takes a day range from the sent-time index, not a scan', () => {
    const filter = { from: '2026-02-01', to: '2026-02-01' }
    for (const q of [writesQuery(filter), countQuery(filter)]) {
      const p = plan(q)
      expect(p).toMatch(/SEARCH s USING (COVERING )?INDEX journal_sent_at \(at>\? AND at<\?\)/)
      expect(p).not.toMatch(/^SCAN /m)
    }
    const day = j.list(filter)
    expect(day.total).toBe(1440)
    expect(day.items).toHaveLength(200)
    expect(new Date(day.items[0].sentAt).toISOString()).toBe('2026-02-01T23:59:00.000Z')
    expect(ms(() => j.list(filter))).toBeLessThan(250)
  })

  it('pages the newest writes in sent-time order without sorting them all', () => {
    const p = plan(writesQuery({}))
    expect(p).toContain('SCAN s USING INDEX journal_sent_at')
    expect(p).not.toContain('TEMP B-TREE')
    const page = j.list({})
    expect(page.total).toBe(WRITES)
    expect(page.items[0].id).toBe(`w${WRITES}`)
    expect(j.list({ outcome: 'pending' }).total).toBe(WRITES / 10)
    expect(ms(() => j.list({}))).toBeLessThan(500)
  })
})
