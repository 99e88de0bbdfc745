import type Database from 'better-sqlite3'
import type { z } from 'zod'
import { foldText } from '@shared/domain/text'
import type { BookingSummary, RecentBookingsInput } from '@shared/ipc/bookings.schema'
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely'
import { summaries, toSummary } from '../repos/bookings'
import type { BookingsTable, ListingsTable, MirrorDatabase } from '../schema'
import { allRows, firstValue, typed } from '../typed-sql'
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
  params: readonly unknown[]
}

type Where = Expression<SqlBool>

/**
 * The search box's condition, as the team hub's search matches (src-hub/bookings/kept.ts): the
 * start of the booking id, own reference, e-mail (LIKE ignores their case) or any line of the
 * folded guest names (so any word of the name, accents ignored). The e-mail is read from the
 * kept copy: the kept copies are the desk's own reads, a few thousand at most.
 */
function searched(search: string): Where {
  const start = `${likeEscape(search)}%`
  const nameStart = `%\n${likeEscape(foldText(search))}%`
  return sql<SqlBool>`(b.id LIKE ${start} ESCAPE '\\'
    OR b.own_reference LIKE ${start} ESCAPE '\\'
    OR char(10) || b.guest_key LIKE ${nameStart} ESCAPE '\\'
    OR json_extract(b.json, '$.guest.email') LIKE ${start} ESCAPE '\\')`
}

/**
 * The filter's conditions on `b` (bookings) and `l` (its listing), one per filter given; what
 * the person typed only ever goes in as a parameter.
 */
function conditions(q: RecentBookingsQuery): { where: Where[]; byListing: boolean } {
  const eb = expressionBuilder<MirrorDatabase & { b: BookingsTable; l: ListingsTable }, 'b' | 'l'>()
  const where: Where[] = []
  const search = q.search?.trim() ?? ''
  if (search !== '') where.push(searched(search))
  const status = q.status?.trim()
  if (status) where.push(eb('b.status', '=', status))
  const guest = foldText(q.guest ?? '')
  if (guest !== '') {
    // guest_key holds one folded name per line: match the start of any line.
    where.push(sql<SqlBool>`char(10) || b.guest_key LIKE ${`%\n${likeEscape(guest)}%`} ESCAPE '\\'`)
  }
  const listing = foldText(q.listing ?? '')
  if (listing !== '') {
    const byName = sql<SqlBool>`fold_text(l.name) LIKE ${`${likeEscape(listing)}%`} ESCAPE '\\'`
    // Digits are an id, and also a name's start: a listing without a headline is named by its
    // reference, which may be a number.
    where.push(
      /^\d+$/.test(listing) ? eb.or([eb('b.listing_id', '=', Number(listing)), byName]) : byName
    )
  }
  // A stay overlaps the range when it arrives by its end and leaves on or after its start: the
  // departure day counts, since the guest is still there that morning.
  if (q.to !== undefined) where.push(eb('b.check_in', '<=', q.to))
  if (q.from !== undefined) where.push(eb('b.check_out', '>=', q.from))
  return { where, byListing: listing !== '' }
}

function compile(q: RecentBookingsQuery) {
  const { where, byListing } = conditions(q)
  const all = expressionBuilder<
    MirrorDatabase & { b: BookingsTable; l: ListingsTable },
    'b' | 'l'
  >().and(where)
  return {
    count: typed
      .selectFrom('bookings as b')
      // The count needs the listing only to filter by its name.
      .$if(byListing, (qb) => qb.leftJoin('listings as l', 'l.id', 'b.listing_id'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .$if(where.length > 0, (qb) => qb.where(all))
      .compile(),
    // Ties (one read time) go newest kept first by rowid, which the fetched_at and status
    // indexes end with: the rows come out of the index in order, with no sort.
    page: summaries()
      .$if(where.length > 0, (qb) => qb.where(all))
      .orderBy('b.fetched_at', 'desc')
      .orderBy(sql`b.rowid`, 'desc')
      .limit(q.limit ?? 100)
      .offset(q.offset ?? 0)
      .compile()
  }
}

/** The statements behind a filter (their query plans are tested). */
export function recentBookingsSql(q: RecentBookingsQuery): RecentBookingsSql {
  const { count, page } = compile(q)
  return { count: count.sql, page: page.sql, params: count.parameters }
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
    const { count, page } = compile(q)
    const total = firstValue(this.sqlite, count)
    return { total, items: allRows(this.sqlite, page).map(toSummary) }
  }
}
