import type Database from 'better-sqlite3'

import type { SyncResourceName } from '@shared/ipc/sync.schema'
import { allRows, typed } from '../typed-sql'

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
    const query = typed
      .selectFrom('history')
      .select(['listing_id', 'resource', 'key', 'old', 'new', 'seen_at'])
      .where('listing_id', '=', listingId)
      .$if(!!filter.resource, (qb) => qb.where('resource', '=', filter.resource!))
      .$if(!!filter.date, (qb) => qb.where('key', '=', filter.date!))
      .$if(filter.since !== undefined, (qb) => qb.where('seen_at', '>=', filter.since!))
      .orderBy('seen_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit ?? 1000)
    return allRows(this.db, query.compile()).map((r) => ({
      listingId: r.listing_id,
      // Written only from SyncResourceName (record above).
      resource: r.resource as SyncResourceName,
      key: r.key,
      old: fromJson(r.old),
      new: fromJson(r.new),
      seenAt: r.seen_at
    }))
  }
}
