import type { JournalEntry, JournalFilter } from '@shared/ipc/journal.schema'

/**
 * The journal screen's filters as SQL over the append-only records: each write is its sent row
 * joined with its answer row, if any. Kept apart from the journal so a test can ask SQLite how it
 * runs them (EXPLAIN QUERY PLAN) on the very SQL the journal uses.
 */

const DEFAULT_LIST_LIMIT = 200

const DAY_MS = 86_400_000

/** One write as the query returns it: the columns of both rows, the JSON still as text. */
export interface WriteRow {
  id: string
  action: JournalEntry['action']
  profile_id: string
  profile_name: string
  profile_kind: string
  booking_id: string | null
  listing_id: number | null
  own_reference: string | null
  sent_at: number
  answered_at: number | null
  outcome: JournalEntry['outcome']
  message: string | null
  sent_json: string | null
  received_json: string | null
  settled_at: number | null
  settled_result: 'done' | 'not-done' | null
  settled_note: string | null
  settled_profile_name: string | null
  settled_by: string | null
}

export interface JournalQuery {
  sql: string
  params: (string | number)[]
}

/** Midnight UTC of a YYYY-MM-DD day, in epoch milliseconds. */
function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`)
}

/**
 * The FROM and WHERE shared by the page, its count and the CSV export. The answers are joined
 * only when `answers` or the outcome filter needs them: a count without it reads the sent-time
 * index alone (a third of the time on 100,000 writes).
 */
function fromWhere(filter: JournalFilter, answers: boolean): JournalQuery {
  const where = [`s.record = 'sent'`]
  const params: (string | number)[] = []
  if (filter.action !== undefined) {
    where.push('s.action = ?')
    params.push(filter.action)
  }
  if (filter.outcome === 'pending') {
    where.push('a.write_id IS NULL')
  } else if (filter.outcome !== undefined) {
    where.push('a.outcome = ?')
    params.push(filter.outcome)
  }
  if (filter.booking !== undefined) {
    // Either row may name the booking (a create learns its id from the answer); each column has
    // its own NOCASE index, which SQLite uses for both sides of the OR.
    where.push(`s.write_id IN (SELECT write_id FROM journal_records
      WHERE booking_id = ? OR own_reference = ?)`)
    params.push(filter.booking.trim(), filter.booking.trim())
  }
  if (filter.from !== undefined) {
    where.push('s.at >= ?')
    params.push(dayStart(filter.from))
  }
  if (filter.to !== undefined) {
    where.push('s.at < ?')
    params.push(dayStart(filter.to) + DAY_MS)
  }
  if (filter.profileId !== undefined) {
    where.push('s.profile_id = ?')
    params.push(filter.profileId)
  }
  const join =
    answers || filter.outcome !== undefined
      ? `LEFT JOIN journal_records a ON a.write_id = s.write_id AND a.record = 'answered'`
      : ''
  // Settlements are few and keyed by write: joined only where the row's columns are read.
  const settled = answers ? `LEFT JOIN journal_settlements t ON t.write_id = s.write_id` : ''
  const sql = `FROM journal_records s ${join} ${settled} WHERE ${where.join(' AND ')}`
  return { sql, params }
}

const COLUMNS = `s.write_id AS id, s.action, s.profile_id, s.profile_name, s.profile_kind,
  COALESCE(a.booking_id, s.booking_id) AS booking_id, s.listing_id, s.own_reference,
  s.at AS sent_at, a.at AS answered_at, COALESCE(a.outcome, 'pending') AS outcome, a.message,
  s.sent_json, a.received_json, t.at AS settled_at, t.result AS settled_result,
  t.note AS settled_note, t.profile_name AS settled_profile_name, t.settled_by`

/** The matching writes, newest first; `page` false for all of them (the CSV export). */
export function writesQuery(filter: JournalFilter, page = true): JournalQuery {
  const { sql, params } = fromWhere(filter, true)
  const order = `SELECT ${COLUMNS} ${sql} ORDER BY s.at DESC, s.seq DESC`
  if (!page) return { sql: order, params }
  return {
    sql: `${order} LIMIT ? OFFSET ?`,
    params: [...params, filter.limit ?? DEFAULT_LIST_LIMIT, filter.offset ?? 0]
  }
}

/** One write by its id (the unique index on write_id and record finds it). */
export function writeQuery(id: string): JournalQuery {
  const { sql, params } = fromWhere({}, true)
  return { sql: `SELECT ${COLUMNS} ${sql} AND s.write_id = ?`, params: [...params, id] }
}

/** How many writes match, whatever the page. */
export function countQuery(filter: JournalFilter): JournalQuery {
  const { sql, params } = fromWhere(filter, false)
  return { sql: `SELECT count(*) ${sql}`, params }
}

function parseJson(text: string | null): unknown {
  return text === null ? null : JSON.parse(text)
}

export function toEntry(row: WriteRow): JournalEntry {
  return {
    id: row.id,
    action: row.action,
    profileId: row.profile_id,
    profileName: row.profile_name,
    profileKind: row.profile_kind,
    bookingId: row.booking_id,
    listingId: row.listing_id,
    ownReference: row.own_reference,
    sentAt: row.sent_at,
    answeredAt: row.answered_at,
    outcome: row.outcome,
    message: row.message,
    sent: parseJson(row.sent_json),
    received: parseJson(row.received_json),
    settlement:
      row.settled_at === null
        ? null
        : {
            at: row.settled_at,
            result: row.settled_result!,
            note: row.settled_note ?? '',
            profileName: row.settled_profile_name ?? '',
            by: row.settled_by ?? ''
          }
  }
}
