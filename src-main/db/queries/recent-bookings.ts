import type Database from 'better-sqlite3'
import type { z } from 'zod'
import { foldText } from '@shared/domain/text'
import type { BookingSummary, RecentBookingsInput } from '@shared/ipc/desk.schema'
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type SummaryRow } from '../repos/bookings'
import { likeEscape } from './search'

/** The filter is the IPC contract's (`bookings:recent`). */
export type RecentBookingsQuery = z.input<typeof RecentBookingsInput>

export interface RecentBookingsResult {
  total: number
  items: BookingSummary[]
}

/** A list's statements and their parameters (the page's also take LIMIT and OFFSET). */
export interface RecentBookingsSql {
  count: string
  page: string
  params: (string | number)[]
}

/**
 * The statements behind a filter. The SQL is built from fixed fragments, one per filter given;
 * what the person typed only ever goes in as a parameter.
 */
export function recentBookingsSql(q: RecentBookingsQuery): RecentBookingsSql {
  const where: string[] = []
  const params: (string | number)[] = []
  const status = q.status?.trim()
  if (status) {
    where.push('b.status = ?')
    params.push(status)
  }
  const guest = foldText(q.guest ?? '')
  if (guest !== '') {
    // guest_key holds one folded name per line: match the start of any line.
    where.push(`char(10) || b.guest_key LIKE ? ESCAPE '\\'`)
    params.push(`%\n${likeEscape(guest)}%`)
  }
  const listing = foldText(q.listing ?? '')
  if (listing !== '') {
    const byName = `fold_text(l.name) LIKE ? ESCAPE '\\'`
    // Digits are an id, and also a name's start: a listing without a headline is named by its
    // reference, which may be a number.
    if (/^\d+$/.test(listing)) {
      where.push(`(b.listing_id = ? OR ${byName})`)
      params.push(Number(listing))
    } else {
      where.push(byName)
    }
    params.push(`${likeEscape(listing)}%`)
  }
  // A stay overlaps the range when it arrives by its end and leaves on or after its start: the
  // departure day counts, since the guest is still there that morning.
  if (q.to !== undefined) {
    where.push('b.check_in <= ?')
    params.push(q.to)
  }
  if (q.from !== undefined) {
    where.push('b.check_out >= ?')
    params.push(q.from)
  }
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''
  // The count needs the listing only to filter by its name.
  const counted = listing !== '' ? SUMMARY_FROM : 'bookings b'
  return {
    count: `SELECT count(*) FROM ${counted} ${filter}`,
    // Ties (one read time) go newest kept first by rowid, which the fetched_at and status
    // indexes end with: the rows come out of the index in order, with no sort.
    page: `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} ${filter}
      ORDER BY b.fetched_at DESC, b.rowid DESC LIMIT ? OFFSET ?`,
    params
  }
}

/**
 * The kept bookings, newest read first, filtered the way the desk's list asks. Listing names
 * are folded by `fold_text`, a function of this connection (SQLite has no accent folding), per
 * kept booking with a listing: the kept copies are the desk's own reads, a few thousand at
 * most, so no name column needs a folded copy of its own.
 */
export class RecentBookings {
  constructor(private readonly sqlite: Database.Database) {
    sqlite.function('fold_text', { deterministic: true }, (text: unknown) =>
      typeof text === 'string' ? foldText(text) : null
    )
  }

  list(q: RecentBookingsQuery): RecentBookingsResult {
    const { count, page, params } = recentBookingsSql(q)
    const total = this.sqlite
      .prepare(count)
      .pluck()
      .get(...params) as number
    const rows = this.sqlite
      .prepare(page)
      .all(...params, q.limit ?? 100, q.offset ?? 0) as SummaryRow[]
    return { total, items: rows.map(toSummary) }
  }
}
