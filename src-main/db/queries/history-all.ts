import type Database from 'better-sqlite3'
import type { z } from 'zod'
import { toDayNumber } from '@shared/domain/dates'
import type { HISTORY_KINDS, HistoryInput } from '@shared/ipc/history.schema'
import { expressionBuilder, type Expression, type SqlBool } from 'kysely'
import type { HistoryTable, MirrorDatabase } from '../schema'
import { allRows, firstValue, typed } from '../typed-sql'

type Kind = (typeof HISTORY_KINDS)[number]

/** A change as recorded, with its listing's name; values still as stored (JSON or absent). */
export interface HistoryRecord {
  listingId: number
  listingName: string | null
  kind: Kind
  key: string
  old: unknown
  new: unknown
  seenAt: number
}

const RESOURCE_OF: Record<Kind, string> = {
  price: 'rates',
  availability: 'availability',
  listing: 'listings'
}
const KIND_OF: Record<string, Kind> = {
  rates: 'price',
  availability: 'availability',
  listings: 'listing'
}

const DAY_MS = 86_400_000

/**
 * The recorded changes across the portfolio or for one listing, newest first, filtered by kind,
 * by the day they were seen (UTC) and by the night or day they are about. Runs on the history
 * indexes: (listing_id, resource, key, seen_at) for one listing, (seen_at) otherwise.
 */
export function historyPage(
  sqlite: Database.Database,
  q: z.output<typeof HistoryInput>
): { total: number; items: HistoryRecord[] } {
  const eb = expressionBuilder<MirrorDatabase & { h: HistoryTable }, 'h'>()
  const where: Expression<SqlBool>[] = []
  if (q.listingId !== undefined) where.push(eb('h.listing_id', '=', q.listingId))
  if (q.kind !== undefined) where.push(eb('h.resource', '=', RESOURCE_OF[q.kind]))
  if (q.date !== undefined) where.push(eb('h.key', '=', q.date))
  if (q.from !== undefined) where.push(eb('h.seen_at', '>=', toDayNumber(q.from) * DAY_MS))
  if (q.to !== undefined) where.push(eb('h.seen_at', '<', (toDayNumber(q.to) + 1) * DAY_MS))
  const all = eb.and(where)
  const total = firstValue(
    sqlite,
    typed
      .selectFrom('history as h')
      .select((e) => e.fn.countAll<number>().as('n'))
      .$if(where.length > 0, (qb) => qb.where(all))
      .compile()
  )
  const rows = allRows(
    sqlite,
    typed
      .selectFrom('history as h')
      .leftJoin('listings as l', 'l.id', 'h.listing_id')
      .select(['h.listing_id', 'l.name', 'h.resource', 'h.key', 'h.old', 'h.new', 'h.seen_at'])
      .$if(where.length > 0, (qb) => qb.where(all))
      .orderBy('h.seen_at', 'desc')
      .orderBy('h.id', 'desc')
      .limit(q.limit ?? 200)
      .offset(q.offset ?? 0)
      .compile()
  )
  return {
    total,
    items: rows.map((r) => ({
      listingId: r.listing_id,
      listingName: r.name,
      kind: KIND_OF[r.resource] ?? 'listing',
      key: r.key,
      old: r.old === null ? undefined : JSON.parse(r.old),
      new: r.new === null ? undefined : JSON.parse(r.new),
      seenAt: r.seen_at
    }))
  }
}
