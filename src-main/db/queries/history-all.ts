import type Database from 'better-sqlite3'
import type { z } from 'zod'
import { toDayNumber } from '@shared/domain/dates'
import type { HISTORY_KINDS, HistoryInput } from '@shared/ipc/pm.schema'

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
  const where: string[] = []
  const params: (string | number)[] = []
  if (q.listingId !== undefined) {
    where.push('h.listing_id = ?')
    params.push(q.listingId)
  }
  if (q.kind !== undefined) {
    where.push('h.resource = ?')
    params.push(RESOURCE_OF[q.kind])
  }
  if (q.date !== undefined) {
    where.push('h.key = ?')
    params.push(q.date)
  }
  if (q.from !== undefined) {
    where.push('h.seen_at >= ?')
    params.push(toDayNumber(q.from) * DAY_MS)
  }
  if (q.to !== undefined) {
    where.push('h.seen_at < ?')
    params.push((toDayNumber(q.to) + 1) * DAY_MS)
  }
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''
  const total = sqlite
    .prepare(`SELECT count(*) FROM history h ${clause}`)
    .pluck()
    .get(...params) as number
  const rows = sqlite
    .prepare(
      `SELECT h.listing_id, l.name, h.resource, h.key, h.old, h.new, h.seen_at
       FROM history h LEFT JOIN listings l ON l.id = h.listing_id
       ${clause} ORDER BY h.seen_at DESC, h.id DESC LIMIT ? OFFSET ?`
    )
    .all(...params, q.limit ?? 200, q.offset ?? 0) as {
    listing_id: number
    name: string | null
    resource: string
    key: string
    old: string | null
    new: string | null
    seen_at: number
  }[]
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
