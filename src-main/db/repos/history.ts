import type Database from 'better-sqlite3'

import type { SyncResourceName } from '@shared/ipc/views.schema'

/** One change: `key` is a top-level field (listings, rate rules as `rule:<name>`) or a date. */
export interface HistoryChange {
  key: string
  old: unknown
  new: unknown
}

export interface HistoryEntry {
  listingId: number
  resource: SyncResourceName
  /** The date (availability day, rate night), the listing field, or `rule:<name>`. */
  key: string
  /** Value before the change; undefined when it was absent. */
  old: unknown
  new: unknown
  /** When the sync saw the change, epoch ms. */
  seenAt: number
}

export interface HistoryFilter {
  resource?: SyncResourceName
  /** A date or field name (the `key`). */
  date?: string
  /** Only changes seen at or after this epoch ms. */
  since?: number
  limit?: number
}

export interface HistoryRetention {
  /** Changes older than this are pruned. */
  maxAgeMs: number
  /** At most this many rows are kept, oldest pruned first. */
  maxRows: number
}

export const DEFAULT_HISTORY_RETENTION: HistoryRetention = {
  maxAgeMs: 90 * 86_400_000,
  maxRows: 1_000_000
}

interface Row {
  listing_id: number
  resource: SyncResourceName
  key: string
  old: string | null
  new: string | null
  seen_at: number
}

const toJson = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v))
const fromJson = (s: string | null): unknown => (s === null ? undefined : JSON.parse(s))

export class HistoryRepo {
  private readonly insertStmt: Database.Statement
  private readonly pruneAgeStmt: Database.Statement<[number]>
  private readonly boundsStmt: Database.Statement<[], { lo: number | null; hi: number | null }>
  private readonly pruneIdStmt: Database.Statement<[number]>

  constructor(
    private readonly db: Database.Database,
    private readonly retention: HistoryRetention = DEFAULT_HISTORY_RETENTION
  ) {
    this.insertStmt = db.prepare(
      'INSERT INTO history (listing_id, resource, key, old, new, seen_at) VALUES (?, ?, ?, ?, ?, ?)'
    )
    this.pruneAgeStmt = db.prepare('DELETE FROM history WHERE seen_at < ?')
    this.boundsStmt = db.prepare('SELECT min(id) AS lo, max(id) AS hi FROM history')
    this.pruneIdStmt = db.prepare('DELETE FROM history WHERE id < ?')
  }

  record(
    listingId: number,
    resource: SyncResourceName,
    changes: HistoryChange[],
    seenAt: number
  ): void {
    for (const c of changes) {
      this.insertStmt.run(listingId, resource, c.key, toJson(c.old), toJson(c.new), seenAt)
    }
  }

  /**
   * Bounded retention, cheap enough for every page: both deletes walk an index from the
   * oldest end and stop at once when there is nothing to prune. Rows are only ever deleted from
   * the old end, so max(id) - min(id) + 1 is the row count.
   */
  prune(now: number): void {
    this.pruneAgeStmt.run(now - this.retention.maxAgeMs)
    const { lo, hi } = this.boundsStmt.get()!
    if (lo !== null && hi !== null && hi - lo + 1 > this.retention.maxRows) {
      this.pruneIdStmt.run(hi - this.retention.maxRows + 1)
    }
  }

  list(listingId: number, filter: HistoryFilter = {}): HistoryEntry[] {
    const where = ['listing_id = ?']
    const params: (string | number)[] = [listingId]
    if (filter.resource) {
      where.push('resource = ?')
      params.push(filter.resource)
    }
    if (filter.date) {
      where.push('key = ?')
      params.push(filter.date)
    }
    if (filter.since !== undefined) {
      where.push('seen_at >= ?')
      params.push(filter.since)
    }
    params.push(filter.limit ?? 1000)
    const rows = this.db
      .prepare(
        `SELECT listing_id, resource, key, old, new, seen_at FROM history
         WHERE ${where.join(' AND ')} ORDER BY seen_at DESC, id DESC LIMIT ?`
      )
      .all(...params) as Row[]
    return rows.map((r) => ({
      listingId: r.listing_id,
      resource: r.resource,
      key: r.key,
      old: fromJson(r.old),
      new: fromJson(r.new),
      seenAt: r.seen_at
    }))
  }
}
